import { describe, expect, it } from 'vitest';
import { readContent } from '../../../content-model/read-content.ts';
import { toAgentIndex, type AgentIndex } from '../../../documents/to-agent-index.ts';
import { toGeneratedRoutes } from '../../../documents/to-routes.ts';
import { toGeneratedPage, toGeneratedPageAt, type GeneratedPage } from '../../../harness/generated-pages.ts';
import {
  toBuiltTree,
  deepChain,
  flatFolder,
  manySections,
  productSections,
  rootPages,
  toLlmsPageOf,
  type TreeShape,
} from '../../helpers/llms-tree-shapes.ts';
import { toLlmsProblems, toTwoHops } from '../../helpers/llms-index-rules.ts';
import type { LlmsPage } from '../../../documents/to-llms-sections.ts';

// toAgentIndex over whole docs trees of every shape, at full size: pure, so each takes milliseconds to a second where
// the same tree through astro build takes a minute. test/build/llms-txt.test.ts checks that the build writes what
// toAgentIndex makes, over the 5,000-page scale build.
const content = readContent(undefined, {});
const BASE = content.site.base_url;
// The real content's pages a site always has: the home page, a few top-level docs pages, the reference and tool pages.
const REAL: LlmsPage[] = [
  { path: '/', title: 'Warden', description: 'Warden governs coding agents.', section: 'Docs' },
  ...['overview', 'quick-start', 'cli', 'discovery'].map((name) => ({
    path: `/docs/${name}`,
    title: name,
    description: `The ${name} page, with a description of typical length for a docs page of this site.`,
    section: 'Docs',
  })),
  ...toGeneratedRoutes(content).map(({ path, title, description, section }) => ({ path, title, description, section })),
];
// A twin is its page's markdown with the page line and the agents' block added (twins of real pages: a few thousand).
const TWIN_EXTRA = 600;

function indexOf(generated: GeneratedPage[]): { index: AgentIndex; pages: LlmsPage[]; problems: string[] } {
  const pages = [...REAL, ...generated.map(toLlmsPageOf)];
  const chars = new Map(generated.map((g) => [toLlmsPageOf(g).path, g.markdown.length + TWIN_EXTRA]));
  const twinChars = (path: string) => chars.get(path) ?? 4_000;
  const index = toAgentIndex(content, pages, twinChars);
  const fullSizes = new Map(index.full.map((f) => [f.path, f.heading.length + f.pages.reduce((n, p) => n + twinChars(p) + 7, 4)]));
  const set = { baseUrl: BASE, llms: new Map(index.llms.map((f) => [f.path, f.text])), fullSizes };
  return { index, pages, problems: toLlmsProblems(set, [...pages.map((p) => p.path)]) };
}
const llmsPaths = (index: AgentIndex) => index.llms.map((f) => f.path);
/** The llms-full.txt beside an llms.txt file: `llms-full.txt` beside `llms.txt`, `llms-full-<n>.txt` beside `llms-<n>.txt`. */
const toBesideFull = (path: string) => path.replace(/llms(-\d+)?\.txt$/, (_, n = '') => `llms-full${n}.txt`);

const SHAPES: Array<[string, TreeShape, (index: AgentIndex) => void]> = [
  [
    'one folder of 2,000 pages: numbered parts, and the folder llms.txt listing them',
    flatFolder('ledger', 2_000),
    (index) => {
      const parts = llmsPaths(index).filter((p) => /^\/docs\/ledger\/llms-\d+\.txt$/.test(p));
      expect(parts.length).toBeGreaterThanOrEqual(10);
      const folder = index.llms.find((f) => f.path === '/docs/ledger/llms.txt')!.text;
      for (const part of parts) expect(folder).toContain(`](${BASE}${part})`);
      expect(folder).toMatch(/The 2,000 pages under https:\/\/warden\.example\/docs\/ledger\/ are listed in \d+ files/);
    },
  ],
  [
    '40 sections of 25: one llms.txt per section',
    manySections('area', 40, 25),
    (index) => {
      for (let s = 1; s <= 40; s++) expect(llmsPaths(index)).toContain(`/docs/area-${s}/llms.txt`);
    },
  ],
  [
    'ten levels deep, 30 pages at each: the root lists the top levels, each deeper level has a file',
    deepChain('deep', 10, 30),
    (index) => {
      expect(index.llms[0]!.text).toContain(`(${BASE}/docs/deep/level-1/p1.md)`);
      expect(llmsPaths(index).some((p) => p.includes('/level-7/'))).toBe(true);
    },
  ],
  [
    'a root with 300 pages: /llms-1.txt, /llms-2.txt, … beside the index',
    rootPages(300),
    (index) => {
      expect(llmsPaths(index)).toContain('/llms-1.txt');
      expect(llmsPaths(index)).toContain('/llms-3.txt');
    },
  ],
  [
    'fifteen product sections, five with a hundred pages directly in the folder: one llms.txt per section',
    productSections(5),
    (index) => {
      for (const area of ['invoices', 'payouts', 'checkout']) expect(llmsPaths(index)).toContain(`/docs/${area}/llms.txt`);
      // Each section's own page, at the section's path, stays in the root with the other pages nearest it.
      expect(index.llms[0]!.text).toContain(`(${BASE}/docs/invoices.md)`);
    },
  ],
  [
    'the scale build: 5,000 pages in sections of 100, one llms.txt per section, the root with the top-level pages',
    (start) =>
      Array.from({ length: 5_000 }, (_, i) => ({ ...toGeneratedPage(start + i), file: `docs/${toGeneratedPage(start + i).file}` })),
    (index) => {
      expect(llmsPaths(index).filter((p) => /^\/docs\/[a-z]+-\d+\/llms\.txt$/.test(p))).toHaveLength(50);
      expect(index.llms[0]!.text).toContain(`(${BASE}/docs/overview.md)`);
    },
  ],
  [
    '1,000 folders of three pages: listed in parts of their parent folder, not a line each',
    () => Array.from({ length: 3_000 }, (_, i) => toGeneratedPageAt(i, `docs/api/resource-${Math.floor(i / 3)}/p${i + 1}.md`)),
    (index) => {
      expect(llmsPaths(index)).toContain('/docs/api/llms-1.txt');
      expect(llmsPaths(index).some((p) => p.includes('/resource-'))).toBe(false);
    },
  ],
  [
    '20,000 pages in one folder: the root lists its parts without summaries',
    flatFolder('archive', 20_000),
    (index) => {
      expect(llmsPaths(index).filter((p) => p.startsWith('/docs/archive/llms-')).length).toBeGreaterThan(100);
      expect(index.llms[0]!.text).toMatch(/\/docs\/archive\/llms-1\.txt\): \d+ pages, about [\d,]+ tokens\.\n/);
    },
  ],
  [
    'the shapes of test/helpers/llms-tree-shapes.ts, together: the root lists the top-level docs pages, not the 300 at the root',
    () => [...toBuiltTree().values()].flat(),
    (index) => {
      expect(index.llms[0]!.text).toContain(`(${BASE}/docs/overview.md)`);
      expect(index.llms[0]!.text).not.toContain(`(${BASE}/page-1.md)`);
      expect(index.llms[0]!.text).not.toMatch(/\/docs\/deep\/\S*\.md\)/);
    },
  ],
];

describe('toAgentIndex over docs trees of every shape', () => {
  it.each(SHAPES)('%s; every file within budget, every twin two links from /llms.txt', (_name, shape, expectShape) => {
    const { index, pages, problems } = indexOf(shape(10_000));
    expect(problems).toEqual([]);
    expectShape(index);
    // Every page is in exactly one llms-full.txt: the one beside the file that lists it (llms-<n>.txt beside
    // llms-full-<n>.txt in the same folder), which that file links.
    expect(index.full.flatMap((f) => f.pages).sort()).toEqual(pages.map((p) => p.path).sort());
    const { linked } = toTwoHops({ baseUrl: BASE, llms: new Map(index.llms.map((f) => [f.path, f.text])), fullSizes: new Map() });
    for (const { path, text } of index.llms) {
      const listed = [...text.matchAll(/\]\((https:[^)]+)\.md\)/g)].map((m) => m[1]!.slice(BASE.length).replace(/^\/index$/, '/'));
      if (listed.length === 0) continue;
      expect(['/llms.txt', ...linked], `${path} lists pages, so /llms.txt links it`).toContain(path);
      const beside = toBesideFull(path);
      const full = index.full.find((f) => f.path === beside);
      expect(full?.pages, `${path}: ${beside}`).toEqual(listed);
      expect(text, path).toContain(`](${BASE}${beside})`);
    }
  });
});
