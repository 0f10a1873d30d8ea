import type { Content } from '../content-model/read-content.ts';
import { PATHS, toUrl } from '../facts/paths.ts';
import { toLlmsFullPath, toLlmsPath, type LlmsFile, type LlmsPage } from './to-llms-sections.ts';
import {
  LLMS_TXT_MAX_CHARS,
  toLlmsOrder,
  toLlmsTxt,
  toSectionLlmsTxt,
  toTokenEstimate,
  type FullLink,
  type SectionLink,
} from './to-llms-txt.ts';
import { toLlmsPlan } from './to-llms-plan.ts';
import { createLlmsFileNames } from './to-llms-file-names.ts';
import { toFolderIndexes } from './to-llms-folder-index.ts';

/**
 * The most characters one llms-full.txt holds before it is split with llms.txt: about 100,000 tokens, half of a
 * 200,000-token context window, so an agent that loads the file whole still has room to work with it.
 */
export const LLMS_FULL_MAX_CHARS = 400_000;

/** One llms-full.txt: where it goes, its heading, the pages whose twins it joins, in order, and a note when it has none. */
export interface FullFile {
  path: string;
  heading: string;
  pages: string[];
  note?: string;
}

/** Every agent index file of a build: the llms.txt files with their text, and the llms-full.txt files to join from twins. */
export interface AgentIndex {
  llms: Array<{ path: string; text: string }>;
  full: FullFile[];
}

// toLlmsFull's separator between two twins.
const SEPARATOR_CHARS = 7;
/**
 * How a split root is tried, in order, until it fits: its lines for other files carry summaries; on a site with too
 * many files for that, it first drops the summaries, and only then lists a folder of many small subfolders in parts of
 * its whole tree (toLlmsPlan's `coarsen`), which keeps fewer folders' own llms.txt.
 */
const WAYS = [
  { brief: false, coarsen: false },
  { brief: true, coarsen: false },
  { brief: false, coarsen: true },
  { brief: true, coarsen: true },
] as const;

/**
 * The llms.txt and llms-full.txt files for the site's pages. A site whose single llms.txt fits LLMS_TXT_MAX_CHARS
 * and whose single llms-full.txt fits LLMS_FULL_MAX_CHARS gets one of each. A larger one is split (toLlmsPlan): by
 * folder, and a folder too large for one file into numbered parts, each file with an llms-full.txt of its pages
 * beside it; /llms.txt keeps its guidance, the pages nearest it and one line per file with its size, and a folder in
 * parts gets an llms.txt that lists them. Every file fits its budget, whatever the shape of the tree.
 */
export function toAgentIndex(content: Content, pages: LlmsPage[], twinChars: (pagePath: string) => number): AgentIndex {
  const { site } = content;
  const product = site.product.name;
  const fullChars = (list: LlmsPage[]) => list.reduce((n, p) => n + twinChars(p.path) + SEPARATOR_CHARS, 0);
  const url = (path: string) => toUrl(site.base_url, path);
  const rootFull: FullLink = { url: url(PATHS.llmsFull), note: 'every page above in one markdown file' };
  const single = toLlmsTxt(content, pages, [], rootFull);
  if (single.length <= LLMS_TXT_MAX_CHARS && fullChars(pages) <= LLMS_FULL_MAX_CHARS) {
    return {
      llms: [{ path: PATHS.llms, text: single }],
      full: [{ path: PATHS.llmsFull, heading: `${product}: every page`, pages: toLlmsOrder(pages).map((p) => p.path) }],
    };
  }

  const names = createLlmsFileNames(site.base_url, pages);
  const fullOf = (file: LlmsFile): FullLink => ({
    url: url(toLlmsFullPath(file)),
    note: file.part ? `pages ${file.part.first}–${file.part.last} in one markdown file` : 'every page above in one markdown file',
  });
  // Each candidate file is rendered once: its size decides the split and its text is what the build writes.
  const texts = new WeakMap<LlmsFile, string>();
  const render = (file: LlmsFile): string => {
    if (!texts.has(file)) {
      const section = { title: names.title(file), summary: names.summary(file), listed: names.listed(file), pages: file.pages };
      texts.set(file, toSectionLlmsTxt(content, section, fullOf(file)));
    }
    return texts.get(file)!;
  };
  const link = (file: LlmsFile, brief = false): SectionLink => ({
    url: url(toLlmsPath(file)),
    title: names.title(file),
    pages: file.pages.length,
    tokens: toTokenEstimate(render(file)),
    summary: brief ? '' : names.summary(file),
  });
  const splitFull: FullLink = {
    url: rootFull.url,
    note: 'every page this file lists itself, in one markdown file (each section has its own)',
  };
  const fits = (file: LlmsFile) => fullChars(file.pages) <= LLMS_FULL_MAX_CHARS && render(file).length <= LLMS_TXT_MAX_CHARS;
  const planFor = ({ brief, coarsen }: (typeof WAYS)[number]) => {
    const toRoot = (root: LlmsPage[], files: LlmsFile[]) =>
      toLlmsTxt(
        content,
        root,
        files.map((f) => link(f, brief)),
        splitFull,
      );
    const rootFits = (root: LlmsPage[], files: LlmsFile[]) =>
      fullChars(root) <= LLMS_FULL_MAX_CHARS && toRoot(root, files).length <= LLMS_TXT_MAX_CHARS;
    const plan = toLlmsPlan(pages, { fits, rootFits }, { coarsen });
    return { plan, root: toRoot(plan.root, plan.files), fits: rootFits(plan.root, plan.files) };
  };
  let chosen = planFor(WAYS[0]);
  for (const way of WAYS.slice(1)) if (!chosen.fits) chosen = planFor(way);
  const { plan, root } = chosen;

  return {
    llms: [
      { path: PATHS.llms, text: root },
      ...plan.files.map((f) => ({ path: toLlmsPath(f), text: render(f) })),
      ...toFolderIndexes(content, plan.files, names, link),
    ],
    full: [
      {
        path: PATHS.llmsFull,
        heading: `${product}: the pages of llms.txt`,
        pages: toLlmsOrder(plan.root).map((p) => p.path),
        ...(plan.root.length
          ? {}
          : { note: `${url(PATHS.llms)} lists no page itself on this site: each file it links has an llms-full.txt of its own.` }),
      },
      ...plan.files.map((f) => ({ path: toLlmsFullPath(f), heading: `${product}: ${names.title(f)}`, pages: f.pages.map((p) => p.path) })),
    ],
  };
}
