import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { toSearchIndexFiles } from '../../../../runtime/search/create-search-index.ts';
import { toSearchJson } from '../../../../runtime/search/format-results.ts';
import { toMarkedParts } from '../../../../runtime/search/mark-terms.ts';
import { rankPages } from '../../../../runtime/search/rank-pages.ts';
import { createFetchFile, createSearchEngine, SearchQueryError } from '../../../../runtime/search/create-search-engine.ts';
import { createIndex, PAGES } from '../../../helpers/search-fixture.ts';

const BASE = 'https://warden.example';
const files = new Map(toSearchIndexFiles(PAGES).map((f) => [f.path, f.text]));

describe('createSearchEngine (the search box and any script of the site)', () => {
  it("answers what /api/search's JSON lists: the same results for the same query, limit and section", async () => {
    const engine = createSearchEngine(BASE, async (path) => files.get(path));
    const { index } = await createIndex();
    for (const [q, options] of [
      ['warden mcp renewed tokens', {}],
      ['health run', { limit: 1 }],
      ['health run', { section: '/docs/reference/' }],
    ] as const) {
      const query = { q, limit: 'limit' in options ? options.limit : 5, section: 'section' in options ? '/docs/reference' : undefined };
      expect((await engine.answer(q, options)).results).toEqual(toSearchJson(q, await rankPages(index, query), BASE).results);
    }
  });

  it('refuses what /api/search refuses, with its problem codes', async () => {
    const engine = createSearchEngine(BASE, async (path) => files.get(path));
    for (const [q, options, code] of [
      ['  ', {}, 'search_query_empty'],
      ['x'.repeat(501), {}, 'search_query_too_long'],
      ['run', { limit: 21 }, 'search_limit_invalid'],
      ['run', { section: '../etc' }, 'search_section_invalid'],
    ] as const) {
      await expect(engine.answer(q, options)).rejects.toBeInstanceOf(SearchQueryError);
      await expect(engine.answer(q, options)).rejects.toHaveProperty('code', code);
    }
  });

  it('reads the index over HTTP, and again after a shard it names went missing (the site was deployed again)', async () => {
    const served = new Map(files);
    const server = createServer((req, res) => {
      const text = served.get(new URL(req.url ?? '/', 'http://x').pathname);
      if (text === undefined) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(text);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const engine = createSearchEngine(BASE, createFetchFile(`http://127.0.0.1:${port}`));
      // The core file of one deploy, its shards already replaced by the next one's.
      for (const path of [...served.keys()]) if (path.includes('-terms-')) served.delete(path);
      await expect(engine.answer('health')).rejects.toThrow(/search index: no \/search-index\/[0-9a-f]{16}-terms-0\.json/);
      for (const { path, text } of toSearchIndexFiles(PAGES)) served.set(path, text);
      expect((await engine.answer('health')).results[0]).toMatchObject({ url: `${BASE}/docs/reference/get-health` });
      expect((await engine.answer('warden login')).results[0]).toMatchObject({ url: `${BASE}/docs/cli#warden-login` });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('toMarkedParts', () => {
  it('marks the words whose terms the query holds, stemmed and by identifier part, and keeps the text whole', () => {
    const text = 'Access tokens are renewed; see get_run and the runs.';
    const parts = toMarkedParts(text, 'token run');
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(['tokens', 'get_run', 'runs']);
    expect(toMarkedParts(text, 'kubernetes')).toEqual([{ text, mark: false }]);
  });
});
