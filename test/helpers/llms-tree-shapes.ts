import { toGeneratedPageAt, type GeneratedPage } from '../../harness/generated-pages.ts';
import type { LlmsPage } from '../../documents/to-llms-sections.ts';

/**
 * Docs trees in the shapes a site can take, other than the scale build's (sections of 100 in groups of 20): the page
 * text is harness/generated-pages.ts's, the layout each shape's own. File paths are under content/ (the docs
 * collection's base), so a shape may put pages at the site's root. Each shape numbers its pages from its own start,
 * so shapes built side by side have distinct titles.
 */
export type TreeShape = (start: number) => GeneratedPage[];

const range = (count: number) => Array.from({ length: count }, (_, i) => i);
const at = (start: number, files: string[]) => files.map((file, i) => toGeneratedPageAt(start + i, file));

/** One folder of `count` pages, nothing else: `docs/<folder>/p1.md` … */
export const flatFolder =
  (folder: string, count: number): TreeShape =>
  (start) =>
    at(
      start,
      range(count).map((i) => `docs/${folder}/p${i + 1}.md`),
    );

/** `sections` sibling folders of `each` pages, directly under docs/. */
export const manySections =
  (prefix: string, sections: number, each: number): TreeShape =>
  (start) =>
    at(
      start,
      range(sections * each).map((i) => `docs/${prefix}-${Math.floor(i / each) + 1}/p${i + 1}.md`),
    );

/** A chain of `levels` nested folders under docs/<folder>, `each` pages directly in every one of them. */
export const deepChain =
  (folder: string, levels: number, each: number): TreeShape =>
  (start) =>
    at(
      start,
      range(levels * each).map((i) => {
        const depth = Math.floor(i / each) + 1;
        return `docs/${folder}/${range(depth)
          .map((d) => `level-${d + 1}`)
          .join('/')}/p${i + 1}.md`;
      }),
    );

/** `count` pages directly at the site's root, beside the home page. */
export const rootPages =
  (count: number): TreeShape =>
  (start) =>
    at(
      start,
      range(count).map((i) => `page-${i + 1}.md`),
    );

const PRODUCT_AREAS =
  'invoices payouts customers subscriptions refunds disputes webhooks connect terminal issuing treasury tax identity radar checkout'.split(
    ' ',
  );
const GROUPS = ['guides', 'how-to', 'reference', 'recipes', 'errors'];

/**
 * A large API company's docs, 1,000 pages in fifteen product sections: the first `flat` with a hundred pages directly
 * in the section's folder, the others with 50 pages nested in five groups of ten, each section introduced by a page
 * at its own path (`docs/invoices.md` for `docs/invoices/…`).
 */
export const productSections =
  (flat: number): TreeShape =>
  (start) => {
    const files = PRODUCT_AREAS.flatMap((area, s) => [
      `docs/${area}.md`,
      ...(s < flat
        ? range(100).map((i) => `docs/${area}/p${i + 1}.md`)
        : range(50).map((i) => `docs/${area}/${GROUPS[Math.floor(i / 10)]}/p${i + 1}.md`)),
    ]);
    return at(start, files);
  };

/** The page a generated file becomes, as the build's page list gives it (src/route-data/pages.ts: path and H2 section). */
export function toLlmsPageOf(page: GeneratedPage): LlmsPage {
  const id = page.file.replace(/\.md$/, '');
  const folders = id.startsWith('docs/') ? id.split('/').slice(1, -1) : [];
  return {
    path: `/${id}`,
    title: page.title,
    description: page.description,
    section: folders.length ? folders.join(' / ') : 'Docs',
  };
}

/**
 * The shapes test/unit/documents/to-agent-index-shapes.test.ts lays out side by side, each in a subtree of its own, as one
 * site: the root must keep listing the top-level docs pages whatever else the tree holds.
 */
export const BUILT_SHAPES: ReadonlyArray<readonly [string, TreeShape]> = [
  ['one folder of 600 pages', flatFolder('ledger', 600)],
  ['40 sections of 25', manySections('catalog', 40, 25)],
  ['ten levels deep', deepChain('deep', 10, 30)],
  ['a root with 300 pages', rootPages(300)],
  ['fifteen product sections, five with a hundred pages directly in the folder', productSections(5)],
];

/** The shapes of BUILT_SHAPES laid out together, each numbering its pages after the last's, by name. */
export function toBuiltTree(): Map<string, GeneratedPage[]> {
  const tree = new Map<string, GeneratedPage[]>();
  let start = 0;
  for (const [name, shape] of BUILT_SHAPES) {
    const pages = shape(start);
    tree.set(name, pages);
    start += pages.length;
  }
  return tree;
}
