import { describe, expect, it } from 'vitest';
import { loadSearchIndex, SearchIndexError } from '../../../../runtime/search/load-search-index.ts';
import { rankPages } from '../../../../runtime/search/rank-pages.ts';
import { SEARCH_CORE_PATH, type SearchPageInput } from '../../../../runtime/search/search-index-format.ts';
import { SNIPPET_LENGTH } from '../../../../runtime/search/snippet.ts';
import { toSearchIndexFiles } from '../../../../runtime/search/create-search-index.ts';
import { createIndex, PAGES } from '../../../helpers/search-fixture.ts';

describe('rankPages', () => {
  it('finds the section a command names, with its heading and fragment, best first', async () => {
    const { index } = await createIndex();
    const [first] = await rankPages(index, { q: 'warden mcp', limit: 5 });
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
      expect((await rankPages(index, { q, limit: 1 }))[0]).toMatchObject({ path: '/docs/errors', fragment: 'jsonrpc-31401' });
    }
    expect((await rankPages(index, { q: 'get_run', limit: 1 }))[0]).toMatchObject({ path: '/docs/tools/get_run' });
    expect((await rankPages(index, { q: 'tools/call', limit: 1 }))[0]).toMatchObject({ path: '/docs/errors' });
  });

  it('points at no section when the page matched as a whole (its title)', async () => {
    const { index } = await createIndex();
    expect((await rankPages(index, { q: 'Errors', limit: 1 }))[0]).toMatchObject({ path: '/docs/errors', heading: null, fragment: null });
  });

  it('shows the text of the first section that has some when the page opens with a heading', async () => {
    const pages: SearchPageInput[] = [
      {
        path: '/docs/errors',
        title: 'Errors',
        description: 'Every error code.',
        sections: [
          { heading: '', fragment: '', text: '' },
          { heading: 'Problem documents', fragment: 'problem-documents', text: 'Refusals on /api/ paths are problem documents.' },
        ],
      },
    ];
    const { index } = await createIndex(pages);
    expect((await rankPages(index, { q: 'errors', limit: 1 }))[0]).toMatchObject({
      fragment: null,
      snippet: 'Refusals on /api/ paths are problem documents.',
    });
  });

  it('gives one result per page, at most `limit`, scores descending', async () => {
    const { index } = await createIndex();
    const hits = await rankPages(index, { q: 'warden token run health errors', limit: 3 });
    expect(hits).toHaveLength(3);
    expect(new Set(hits.map((h) => h.path)).size).toBe(3);
    expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));
  });

  it('keeps to a docs folder when given one', async () => {
    const { index } = await createIndex();
    const hits = await rankPages(index, { q: 'health run', limit: 5, section: '/docs/reference' });
    expect(hits.map((h) => h.path)).toEqual(['/docs/reference/get-health']);
    expect(await rankPages(index, { q: 'health', limit: 5, section: '/docs/ref' })).toEqual([]);
  });

  it('answers no results, not an error, when nothing matches or the query has no terms', async () => {
    const { index } = await createIndex();
    expect(await rankPages(index, { q: 'kubernetes', limit: 5 })).toEqual([]);
    expect(await rankPages(index, { q: 'how do I', limit: 5 })).toEqual([]);
  });

  it('cuts the snippet around the match in a long section', async () => {
    const { index } = await createIndex();
    const [first] = await rankPages(index, { q: 'warden mcp renewed tokens', limit: 1 });
    expect(first!.snippet).toContain('Access tokens are renewed before they expire.');
    expect(first!.snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH);
  });

  it('reads a term shard only when a query has a term in it, a text shard only when a result needs it, each once', async () => {
    const { index, reads } = await createIndex();
    expect(reads).toEqual([SEARCH_CORE_PATH]);
    await rankPages(index, { q: 'warden', limit: 5 });
    await rankPages(index, { q: 'health', limit: 5 });
    expect(reads).toEqual([
      SEARCH_CORE_PATH,
      expect.stringMatching(/^\/search-index\/[0-9a-f]{16}-terms-0\.json$/),
      expect.stringMatching(/^\/search-index\/[0-9a-f]{16}-text-0\.json$/),
    ]);
  });

  it("reads only the term shards of the query's terms on a site whose terms fill many", async () => {
    const pages: SearchPageInput[] = Array.from({ length: 120 }, (_, i) => ({
      path: `/docs/p${i}`,
      title: `Page ${i}`,
      description: `About w${i}x.`,
      sections: [{ heading: '', fragment: '', text: Array.from({ length: 100 }, (_, j) => `w${i}x${j}`).join(' ') }],
    }));
    const { index, reads } = await createIndex(pages);
    const [hit] = await rankPages(index, { q: 'w7x3', limit: 1 });
    expect(hit).toMatchObject({ path: '/docs/p7' });
    const termShards = reads.filter((r) => r.includes('-terms-'));
    expect(termShards).toHaveLength(1);
    const files = toSearchIndexFiles(pages);
    expect(files.filter((f) => f.path.includes('-terms-')).length).toBeGreaterThan(4);
  });

  it("names the shards by a digest of the index, so a core file never reads another build's shards", () => {
    const version = (files: Array<{ path: string }>) => files[1]!.path.split('/')[2]!.split('-')[0];
    const before = toSearchIndexFiles(PAGES);
    expect(version(toSearchIndexFiles(PAGES))).toBe(version(before));
    const changed = toSearchIndexFiles([{ ...PAGES[0]!, title: 'Command line' }, ...PAGES.slice(1)]);
    expect(version(changed)).not.toBe(version(before));
    expect(JSON.parse(before[0]!.text).version).toBe(version(before));
  });

  it('refuses an index of another format, and a missing one, naming what is wrong', async () => {
    await expect(loadSearchIndex(async () => undefined)).rejects.toThrow(
      new SearchIndexError('search index: no /search-index/core.json in the build'),
    );
    await expect(loadSearchIndex(async () => '{"format":0}')).rejects.toThrow('search index: format 0, this code reads 2');
  });

  it('indexes a site with no pages, and finds nothing in it', async () => {
    const { index } = await createIndex([]);
    expect(await rankPages(index, { q: 'anything', limit: 5 })).toEqual([]);
  });
});
