import { toSearchIndexFiles } from '../../runtime/search/create-search-index.ts';
import { loadSearchIndex } from '../../runtime/search/load-search-index.ts';
import type { SearchPageInput } from '../../runtime/search/search-index-format.ts';

const filler = (seed: string, n: number) => Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' ');

/** A small site: the shapes the real one has (a CLI page with command sections, an errors page, tool pages). */
export const PAGES: SearchPageInput[] = [
  {
    path: '/docs/cli',
    title: 'CLI',
    description: 'Every command of the warden CLI.',
    sections: [
      { heading: '', fragment: '', text: 'The warden command line.' },
      { heading: 'warden login', fragment: 'warden-login', text: 'Signs a person in through the browser and keeps a refresh token.' },
      {
        heading: 'warden mcp',
        fragment: 'warden-mcp',
        text: `${filler('stdio', 60)} Access tokens are renewed before they expire. ${filler('bridge', 60)}`,
      },
    ],
  },
  {
    path: '/docs/errors',
    title: 'Errors',
    description: 'Every error code.',
    sections: [
      { heading: '', fragment: '', text: 'Problems and JSON-RPC errors.' },
      { heading: '-31401 Unauthorized', fragment: 'jsonrpc-31401', text: 'tools/call came without a valid Bearer token.' },
    ],
  },
  {
    path: '/docs/reference/get-health',
    title: 'GET /api/health',
    description: 'Health.',
    sections: [{ heading: '', fragment: '', text: 'Returns the health document.' }],
  },
  {
    path: '/docs/tools/get_run',
    title: 'get_run',
    description: 'Inspect a run.',
    sections: [{ heading: 'Input', fragment: 'input', text: 'run_id: the run.' }],
  },
];

/** An index of `pages` loaded as the edge loads one, with the paths it read. */
export async function createIndex(pages = PAGES) {
  const files = new Map(toSearchIndexFiles(pages).map((f) => [f.path, f.text]));
  const reads: string[] = [];
  const index = await loadSearchIndex(async (path) => {
    reads.push(path);
    return files.get(path);
  });
  return { index, reads };
}
