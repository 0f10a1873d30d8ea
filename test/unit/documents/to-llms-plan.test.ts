import { describe, expect, it } from 'vitest';
import { toLlmsPlan, type LlmsBudget } from '../../../documents/to-llms-plan.ts';
import { toLlmsParts } from '../../../documents/to-llms-parts.ts';
import { toLlmsPath, type LlmsFile, type LlmsPage } from '../../../documents/to-llms-sections.ts';

const page = (path: string): LlmsPage => ({ path, title: path, description: '', section: 'Docs' });
const pages = (folder: string, count: number) => Array.from({ length: count }, (_, i) => page(`${folder}/p${i + 1}`));
/** A budget in pages: a file holds `perFile`, the root `rootLines` lines (a page or a file each). */
const budget = (perFile: number, rootLines: number): LlmsBudget => ({
  fits: (file) => file.pages.length <= perFile,
  rootFits: (root, files) => root.length + files.length <= rootLines,
});
const paths = (files: LlmsFile[]) => files.map(toLlmsPath);

describe('toLlmsParts', () => {
  it('keeps a group that fits in one file, and splits one that does not into the longest runs that fit, in order', () => {
    const group = { folder: '/docs/ledger', scope: 'own' as const, pages: pages('/docs/ledger', 25) };
    expect(toLlmsParts(group, (f) => f.pages.length <= 30)).toEqual([group]);
    const parts = toLlmsParts(group, (f) => f.pages.length <= 10);
    expect(parts.map((p) => p.part)).toEqual([
      { n: 1, first: 1, last: 10, of: 25 },
      { n: 2, first: 11, last: 20, of: 25 },
      { n: 3, first: 21, last: 25, of: 25 },
    ]);
    expect(parts.flatMap((p) => p.pages)).toEqual(group.pages);
    expect(paths(parts)).toEqual(['/docs/ledger/llms-1.txt', '/docs/ledger/llms-2.txt', '/docs/ledger/llms-3.txt']);
  });

  it('asks about few candidates: a part end is found by galloping and halving, not page by page', () => {
    let asked = 0;
    const group = { folder: '/docs/ledger', scope: 'own' as const, pages: pages('/docs/ledger', 2_000) };
    const parts = toLlmsParts(group, (f) => {
      asked++;
      return f.pages.length <= 190;
    });
    expect(parts).toHaveLength(11);
    expect(asked).toBeLessThan(11 * 20);
  });

  it('gives a page too large for any file a part of its own, and lists the root folder in parts even when it would fit', () => {
    const group = { folder: '', scope: 'own' as const, pages: [page('/a'), page('/huge'), page('/b')] };
    const parts = toLlmsParts(group, (f) => !f.pages.some((p) => p.path === '/huge'));
    expect(parts.map((p) => p.pages.map((x) => x.path))).toEqual([['/a'], ['/huge'], ['/b']]);
    expect(paths(toLlmsParts({ ...group, pages: [page('/a')] }, () => true))).toEqual(['/llms-1.txt']);
  });
});

describe('toLlmsPlan', () => {
  it('gives each folder that fits one file, and lists the nearest folders in the root, a depth at a time', () => {
    const site = [page('/'), ...pages('/docs', 3), ...pages('/docs/a', 8), ...pages('/docs/b', 8), page('/mcp/connect')];
    const plan = toLlmsPlan(site, budget(10, 12));
    expect(plan.root.map((p) => p.path)).toEqual(['/', '/docs/p1', '/docs/p2', '/docs/p3', '/mcp/connect']);
    expect(paths(plan.files)).toEqual(['/docs/a/llms.txt', '/docs/b/llms.txt']);
  });

  it('passes over a top level too large for the root to list the next one, and lists no level past one that does not fit', () => {
    const site = [...pages('', 30), ...pages('/docs', 3), ...pages('/docs/a', 12), ...pages('/docs/a/b', 2), page('/mcp/connect')];
    const plan = toLlmsPlan(site, budget(10, 12));
    expect(plan.root.map((p) => p.path)).toEqual(['/docs/p1', '/docs/p2', '/docs/p3', '/mcp/connect']);
    // /docs/a/b would fit beside them, but /docs/a, nearer the root, does not.
    expect(paths(plan.files)).toEqual([
      '/llms-1.txt',
      '/llms-2.txt',
      '/llms-3.txt',
      '/docs/a/llms-1.txt',
      '/docs/a/llms-2.txt',
      '/docs/a/b/llms.txt',
    ]);
  });

  it("lists a folder's own pages apart from its subfolders, in parts when they are many", () => {
    const site = [...pages('/docs/invoices', 25), ...pages('/docs/invoices/disputes', 6), ...pages('/docs/payouts', 9)];
    const plan = toLlmsPlan(site, budget(10, 8));
    expect(plan.files.map((f) => `${toLlmsPath(f)} ${f.scope} ${f.pages.length}`)).toEqual([
      '/docs/invoices/llms-1.txt own 10',
      '/docs/invoices/llms-2.txt own 10',
      '/docs/invoices/llms-3.txt own 5',
      '/docs/invoices/disputes/llms.txt tree 6',
      '/docs/payouts/llms.txt tree 9',
    ]);
    expect(plan.root).toEqual([]);
  });

  it('lists a folder of many small subfolders in parts of its whole tree when the root cannot hold a line for each', () => {
    const resources = Array.from({ length: 30 }, (_, r) => pages(`/docs/api/r${r}`, 2)).flat();
    const site = [...pages('/docs', 2), ...resources, ...pages('/docs/guides', 9)];
    const plan = toLlmsPlan(site, budget(10, 12));
    expect(plan.root.map((p) => p.path)).toEqual(['/docs/p1', '/docs/p2']);
    expect(paths(plan.files)).toEqual([...[1, 2, 3, 4, 5, 6].map((n) => `/docs/api/llms-${n}.txt`), '/docs/guides/llms.txt']);
    expect(plan.files.slice(0, 6).every((f) => f.scope === 'tree')).toBe(true);
  });

  it('puts every page in root parts when nothing coarser fits, and never throws on size', () => {
    const site = Array.from({ length: 40 }, (_, r) => pages(`/s${r}`, 5)).flat();
    const plan = toLlmsPlan(site, budget(10, 20));
    expect(paths(plan.files)).toEqual(Array.from({ length: 20 }, (_, i) => `/llms-${i + 1}.txt`));
    expect(() => toLlmsPlan(site, budget(1, 2))).not.toThrow();
  });
});
