import { describe, expect, it } from 'vitest';
import { toSearchIndexFiles } from '../../../runtime/search/create-search-index.ts';
import { loadSearchIndex, SearchIndexError } from '../../../runtime/search/load-search-index.ts';
import { searchDocs } from '../../../runtime/search/search-docs.ts';
import { SEARCH_CORE_PATH } from '../../../runtime/search/search-index-format.ts';
import type { SearchPageInput } from '../../../runtime/search/search-index-format.ts';
import { SNIPPET_LENGTH } from '../../../runtime/search/snippet.ts';
import { MAX_QUERY_LENGTH } from '../../../runtime/search/search-params.ts';

const filler = (seed: string, n: number) => Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' ');

/** A small site: the shapes the real one has (a CLI page with command sections, an errors page, tool pages). */
const PAGES: SearchPageInput[] = [
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

async function createIndex(pages = PAGES) {
  const files = new Map(toSearchIndexFiles(pages).map((f) => [f.path, f.text]));
  const reads: string[] = [];
  const index = await loadSearchIndex(async (path) => {
    reads.push(path);
    return files.get(path);
  });
  return { index, reads };
}

describe('searchDocs', () => {
  it('finds the section a command names, with its heading and fragment, best first', async () => {
    const { index } = await createIndex();
    const [first] = await searchDocs(index, { q: 'warden mcp', limit: 5 });
    expect(first).toMatchObject({
      path: '/docs/cli',
      twinPath: '/docs/cli.md',
      title: 'CLI',
      heading: 'warden mcp',
      fragment: 'warden-mcp',
    });
  });

  it('finds an error code by its number, signed or not, and an identifier by its name', async () => {
    const { index } = await createIndex();
    for (const q of ['what does -31401 mean', '31401']) {
      expect((await searchDocs(index, { q, limit: 1 }))[0]).toMatchObject({ path: '/docs/errors', fragment: 'jsonrpc-31401' });
    }
    expect((await searchDocs(index, { q: 'get_run', limit: 1 }))[0]).toMatchObject({ path: '/docs/tools/get_run' });
    expect((await searchDocs(index, { q: 'tools/call', limit: 1 }))[0]).toMatchObject({ path: '/docs/errors' });
  });

  it('points at no section when the page matched as a whole (its title)', async () => {
    const { index } = await createIndex();
    expect((await searchDocs(index, { q: 'Errors', limit: 1 }))[0]).toMatchObject({ path: '/docs/errors', heading: null, fragment: null });
  });

  it('gives one result per page, at most `limit`, scores descending', async () => {
    const { index } = await createIndex();
    const hits = await searchDocs(index, { q: 'warden token run health errors', limit: 3 });
    expect(hits).toHaveLength(3);
    expect(new Set(hits.map((h) => h.path)).size).toBe(3);
    expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));
  });

  it('keeps to a docs folder when given one', async () => {
    const { index } = await createIndex();
    const hits = await searchDocs(index, { q: 'health run', limit: 5, section: '/docs/reference' });
    expect(hits.map((h) => h.path)).toEqual(['/docs/reference/get-health']);
    expect(await searchDocs(index, { q: 'health', limit: 5, section: '/docs/ref' })).toEqual([]);
  });

  it('answers no results, not an error, when nothing matches or the query has no terms', async () => {
    const { index } = await createIndex();
    expect(await searchDocs(index, { q: 'kubernetes', limit: 5 })).toEqual([]);
    expect(await searchDocs(index, { q: 'how do I', limit: 5 })).toEqual([]);
  });

  it('cuts the snippet around the match in a long section', async () => {
    const { index } = await createIndex();
    const [first] = await searchDocs(index, { q: 'warden mcp renewed tokens', limit: 1 });
    expect(first!.snippet).toContain('Access tokens are renewed before they expire.');
    expect(first!.snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH);
  });

  it('reads a text shard only when a snippet needs it, and once', async () => {
    const { index, reads } = await createIndex();
    expect(reads).toEqual([SEARCH_CORE_PATH]);
    await searchDocs(index, { q: 'warden', limit: 5 });
    await searchDocs(index, { q: 'health', limit: 5 });
    expect(reads).toEqual([SEARCH_CORE_PATH, '/search-index/text-0.json']);
  });

  it.each([
    ['binary', String.fromCharCode(...Array.from({ length: MAX_QUERY_LENGTH }, (_, i) => i % 256))],
    ['percent-encoded', '%2F%2e%2e%2Fetc%2Fpasswd%00'.repeat(18)],
    ['Unicode-heavy', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 Z̷̢͔a̶l̵g̸o̴ 東京 ﷽ '.repeat(15)],
    ['regular-expression syntax', '(a+)+$ .*.*.*=.* [^\\]]* \\1 (?=x) {1000000}'.repeat(8)],
    ['one long word', 'a'.repeat(MAX_QUERY_LENGTH)],
    ['many words', Array.from({ length: 250 }, (_, i) => `w${i}`).join(' ')],
  ])('answers a hostile query (%s) with results or none, never an error', async (_kind, q) => {
    const { index } = await createIndex();
    const hits = await searchDocs(index, { q, limit: 20 });
    expect(Array.isArray(hits)).toBe(true);
    for (const hit of hits) expect(hit.snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH);
  });

  it('refuses an index of another format, and a missing one, naming what is wrong', async () => {
    await expect(loadSearchIndex(async () => undefined)).rejects.toThrow(
      new SearchIndexError('search index: no /search-index/core.json in the build'),
    );
    await expect(loadSearchIndex(async () => '{"format":0}')).rejects.toThrow('search index: format 0, this code reads 1');
  });

  it('indexes a site with no pages, and finds nothing in it', async () => {
    const { index } = await createIndex([]);
    expect(await searchDocs(index, { q: 'anything', limit: 5 })).toEqual([]);
  });
});
