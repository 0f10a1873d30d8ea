import { toTwinParts } from '../../documents/to-twin-front-matter.ts';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles, toPagePathOfHtmlFile } from '../../runtime/node/list-files.ts';
import { DIST } from '../helpers/built-site.ts';
import { PATHS, toTwinPath, UNLISTED_PAGES } from '../../facts/paths.ts';
import { loadSearchIndex } from '../../runtime/search/load-search-index.ts';
import { rankPages } from '../../runtime/search/rank-pages.ts';
import { readQuestions } from '../../harness/search/questions.ts';
import { scoreRanking } from '../../harness/search/score-ranking.ts';

/** Largest search index, in bytes per byte of the markdown twins it indexes (its text is theirs, plus the postings). */
const BUDGET_PER_TWIN_BYTE = 1.5;
/** Largest search index per page, in bytes, whatever the pages hold. */
const BUDGET_PER_PAGE = 16 * 1024;

describe('the search index (/api/search and the search box answer from it)', async () => {
  const read = async (path: string) => (existsSync(join(DIST, path)) ? readFileSync(join(DIST, path), 'utf8') : undefined);
  const index = await loadSearchIndex(read);
  const indexFiles = listFiles(join(DIST, PATHS.searchIndex)).filter((f) => f.endsWith('.json'));
  const indexBytes = indexFiles.reduce((n, f) => n + statSync(join(DIST, PATHS.searchIndex, f)).size, 0);

  it("holds every page, however large the site, the 404 page, the MCP endpoint's own page and the unlisted pages aside: those whose HTML is marked for search", () => {
    const html = listFiles(DIST).filter((f) => f.endsWith('.html'));
    const searchable = html
      .filter((f) => readFileSync(join(DIST, f), 'utf8').includes('data-pagefind-body'))
      .map(toPagePathOfHtmlFile)
      .sort();
    expect(index.pages.map(([path]) => path).sort()).toEqual(searchable);
    // The endpoint's page is what a browser's GET of /mcp answers (proxy/mcp/endpoint-page.ts), not a page of the docs;
    // nor are the unlisted pages (the operator's).
    const notDocs = new Set(['404.html', ...[PATHS.mcpEndpointPage, ...UNLISTED_PAGES].map((path) => `${path.slice(1)}.html`)]);
    expect(searchable).toHaveLength(html.filter((f) => !notDocs.has(f)).length);
  });

  it('has its files served by the asset store with the headers the edge sends (one _headers rule covers them)', () => {
    const rule = readFileSync(join(DIST, PATHS.cdnHeaders), 'utf8')
      .split(/\n(?=\S)/)
      .find((r) => r.startsWith(`${PATHS.searchIndex}/*.json\n`));
    expect(rule).toContain('Content-Type: application/json');
    for (const file of indexFiles) expect(file, "one folder, so the rule's * (one path segment) covers every file").not.toContain('/');
  });

  it("takes each page's title from its twin and points each section at an id its HTML page has", async () => {
    for (const [p, [path, title, first]] of index.pages.entries()) {
      const twin = readFileSync(join(DIST, toTwinPath(path)), 'utf8');
      expect(toTwinParts(twin).body.split('\n')[0]!.replace(/\\(.)/g, '$1')).toBe(`# ${title}`);
      const html = readFileSync(join(DIST, path === '/' ? 'index.html' : `${path.slice(1)}.html`), 'utf8');
      const end = index.pages[p + 1]?.[2] ?? index.sectionLevel.size;
      for (let s = first; s < end; s++) {
        const { heading, fragment } = await index.section(s);
        if (fragment) expect(html, `${path}#${fragment}`).toContain(` id="${fragment}"`);
        else expect(heading).toBe('');
      }
    }
  });

  it(`stays within ${BUDGET_PER_TWIN_BYTE}× the twins it indexes and ${BUDGET_PER_PAGE / 1024} KiB a page`, () => {
    const twinBytes = index.pages.reduce((n, [path]) => n + statSync(join(DIST, toTwinPath(path))).size, 0);
    const distBytes = listFiles(DIST).reduce((n, f) => n + statSync(join(DIST, f)).size, 0);
    console.info(
      `search index: ${index.pages.length} pages, ${index.sectionLevel.size} sections, ${indexFiles.length} files, ` +
        `${(indexBytes / 1024).toFixed(1)} KiB (${(indexBytes / index.pages.length / 1024).toFixed(2)} KiB a page, ` +
        `${(indexBytes / twinBytes).toFixed(2)}× the twins, ${((100 * indexBytes) / distBytes).toFixed(1)}% of dist)`,
    );
    expect(indexBytes).toBeLessThanOrEqual(BUDGET_PER_TWIN_BYTE * twinBytes);
    expect(indexBytes / index.pages.length).toBeLessThanOrEqual(BUDGET_PER_PAGE);
  });

  it('is named near the top of llms.txt by its path: the verifier GETs every absolute address there, and this one needs q', () => {
    const llms = readFileSync(join(DIST, PATHS.llms), 'utf8');
    const at = llms.indexOf(`\`GET ${PATHS.search}?q=<question>\``);
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(llms.indexOf('\n## '));
  });

  it('answers the question set: recall@3 of at least 0.9 (harness/search/questions.yaml)', async () => {
    const questions = readQuestions();
    const answers = [];
    for (const q of questions)
      answers.push((await rankPages(index, { q: q.q, limit: 10 })).map((h) => ({ path: h.path, fragment: h.fragment })));
    const scores = scoreRanking(questions, answers);
    console.info(
      `search scores over ${scores.questions} questions: recall@1 ${scores.recall1.toFixed(3)}, recall@3 ${scores.recall3.toFixed(3)}, ` +
        `MRR ${scores.mrr.toFixed(3)}, right section first ${scores.section1.toFixed(3)}`,
    );
    expect(scores.recall3, JSON.stringify(scores.misses, null, 2)).toBeGreaterThanOrEqual(0.9);
  });
});
