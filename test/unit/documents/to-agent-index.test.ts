import { describe, expect, it } from 'vitest';
import { readContent } from '../../../content-model/read-content.ts';
import { LLMS_FULL_MAX_CHARS, toAgentIndex } from '../../../documents/to-agent-index.ts';
import { LLMS_TXT_MAX_CHARS, toLlmsTxt, toTokenEstimate } from '../../../documents/to-llms-txt.ts';
import { toTwinPath } from '../../../facts/paths.ts';
import type { LlmsPage } from '../../../documents/to-llms-sections.ts';

const content = readContent(undefined, {});
const BASE = content.site.base_url;
const docs = (path: string, title = path): LlmsPage => ({
  path,
  title,
  description: `About ${title}, ${'in some detail '.repeat(8)}`,
  section: 'Docs',
});
/** `count` pages in `sections` folders of /docs/area-N/…, each with a long description. */
const large = (count: number, sections: number) =>
  Array.from({ length: count }, (_, i) => docs(`/docs/area-${i % sections}/group-${i % 3}/page-${i}`, `How to do thing number ${i} well`));
const small = () => 1_000;
const links = (text: string) => [...text.matchAll(/\]\((https:[^)]+)\)/g)].map((m) => m[1]!);

describe('toAgentIndex', () => {
  it('a small site keeps one llms.txt (toLlmsTxt) and one llms-full.txt of every page', () => {
    const pages = [docs('/docs/a'), { ...docs('/docs/reference/b'), section: 'Reference' }];
    const index = toAgentIndex(content, pages, small);
    expect(index.llms).toEqual([{ path: '/llms.txt', text: toLlmsTxt(content, pages) }]);
    expect(index.full).toEqual([{ path: '/llms-full.txt', heading: 'Warden: every page', pages: ['/docs/a', '/docs/reference/b'] }]);
  });

  it('a large site gets one llms.txt per section folder: each within budget, every twin at most two hops from the root', () => {
    const pages = [docs('/docs/overview', 'Overview'), ...large(1_000, 10)];
    const index = toAgentIndex(content, pages, small);
    expect(index.llms.length).toBeGreaterThan(10);
    for (const file of index.llms) expect(file.text.length, file.path).toBeLessThanOrEqual(LLMS_TXT_MAX_CHARS);
    const byUrl = new Map(index.llms.map((f) => [`${BASE}${f.path}`, f.text]));
    const root = byUrl.get(`${BASE}/llms.txt`)!;
    const reached = new Set(links(root).flatMap((url) => [url, ...(byUrl.has(url) ? links(byUrl.get(url)!) : [])]));
    for (const page of pages) expect(reached, page.path).toContain(`${BASE}${toTwinPath(page.path)}`);
    // The nearest page stays in the root; sections are path-scoped folders listed with their size.
    expect(root).toContain(`(${BASE}/docs/overview.md)`);
    const section = index.llms.find((f) => f.path === '/docs/area-3/llms.txt')!;
    expect(root).toContain(
      `- [area-3](${BASE}/docs/area-3/llms.txt): 100 pages, about ${toTokenEstimate(section.text).toLocaleString('en-US')} tokens. Pages such as`,
    );
    expect(section.text).toMatch(
      /^# Warden: area-3\n\n> Pages such as .+\n\nThe 100 pages under https:\/\/warden\.example\/docs\/area-3\/\./,
    );
    expect(
      links(section.text)
        .filter((u) => u.endsWith('.md'))
        .every((u) => u.startsWith(`${BASE}/docs/area-3/`)),
    ).toBe(true);
  });

  it('llms-full.txt is split with llms.txt: each file holds the pages its llms.txt lists, every page once', () => {
    const pages = [docs('/docs/overview'), ...large(1_000, 10)];
    const index = toAgentIndex(content, pages, small);
    expect(index.full.map((f) => f.path)).toEqual(index.llms.map((f) => f.path.replace('llms.txt', 'llms-full.txt')));
    expect(index.full.flatMap((f) => f.pages).sort()).toEqual(pages.map((p) => p.path).sort());
    for (const [i, file] of index.llms.entries()) expect(file.text).toContain(`](${BASE}${index.full[i]!.path})`);
  });

  it('a site whose llms.txt fits is still split when its llms-full.txt would pass what an agent loads', () => {
    const pages = large(60, 3);
    expect(toAgentIndex(content, pages, small).llms).toHaveLength(1);
    const split = toAgentIndex(content, pages, () => LLMS_FULL_MAX_CHARS / 40);
    expect(split.llms.map((f) => f.path)).toEqual(['/llms.txt', '/docs/area-0/llms.txt', '/docs/area-1/llms.txt', '/docs/area-2/llms.txt']);
  });

  it('an index page names its section and gives its summary', () => {
    const pages = [{ ...docs('/docs/area-1', 'Payments'), description: 'Take payments.' }, ...large(1_000, 10)];
    const root = toAgentIndex(content, pages, small).llms[0]!.text;
    expect(root).toMatch(
      /- \[Payments\]\(https:\/\/warden\.example\/docs\/area-1\/llms\.txt\): 100 pages, about [\d,]+ tokens\. Take payments\./,
    );
  });

  it('lists a folder too large for one file in numbered parts, which the root links and the folder llms.txt lists', () => {
    const flat = Array.from({ length: 600 }, (_, i) => docs(`/docs/flat/page-${i}`, `Page ${i}`));
    const index = toAgentIndex(content, [docs('/docs/overview', 'Overview'), ...flat], small);
    const parts = index.llms.filter((f) => /^\/docs\/flat\/llms-\d+\.txt$/.test(f.path));
    expect(parts.length).toBeGreaterThan(1);
    const root = index.llms[0]!.text;
    const folder = index.llms.find((f) => f.path === '/docs/flat/llms.txt')!.text;
    for (const [i, part] of parts.entries()) {
      expect(part.path).toBe(`/docs/flat/llms-${i + 1}.txt`);
      expect(part.text.length).toBeLessThanOrEqual(LLMS_TXT_MAX_CHARS);
      expect(root).toContain(`](${BASE}${part.path}): `);
      expect(folder).toContain(`](${BASE}${part.path}): `);
      expect(part.text).toContain(`](${BASE}/docs/flat/llms-full-${i + 1}.txt)`);
    }
    expect(parts[0]!.text).toMatch(
      /^# Warden: flat, pages 1–\d+ of 600\n\n> Pages such as Page 0; Page 1; Page 2\.\n\nPages 1–\d+ of the 600 under https:\/\/warden\.example\/docs\/flat\/: part 1 of the files https:\/\/warden\.example\/docs\/flat\/llms\.txt lists\. /,
    );
    expect(folder).not.toMatch(/\.md\)/);
    expect(index.full.flatMap((f) => f.pages).sort()).toEqual(['/docs/overview', ...flat.map((p) => p.path)].sort());
  });
});
