import type { Content } from '../content/read-content.ts';
import { PATHS, toUrl } from '../../facts/paths.ts';
import { toLlmsSplit, toSectionIndex, type LlmsPage, type LlmsSection } from './to-llms-sections.ts';
import { LLMS_TXT_MAX_CHARS, toLlmsOrder, toLlmsTxt, toSectionLlmsTxt, toTokenEstimate, type FullLink } from './to-llms-txt.ts';

/**
 * The most characters one llms-full.txt holds before it is split with llms.txt: about 100,000 tokens, half of a
 * 200,000-token context window, so an agent that loads the file whole still has room to work with it.
 */
export const LLMS_FULL_MAX_CHARS = 400_000;

/** One llms-full.txt: where it goes, its heading, and the pages whose twins it joins, in order. */
export interface FullFile {
  path: string;
  heading: string;
  pages: string[];
}

/** Every agent index file of a build: the llms.txt files with their text, and the llms-full.txt files to join from twins. */
export interface AgentIndex {
  llms: Array<{ path: string; text: string }>;
  full: FullFile[];
}

// toLlmsFull's separator between two twins.
const SEPARATOR_CHARS = 7;

/**
 * The llms.txt and llms-full.txt files for the site's pages. A site whose single llms.txt fits
 * LLMS_TXT_MAX_CHARS and whose single llms-full.txt fits LLMS_FULL_MAX_CHARS gets one of each. A larger one is
 * split by folder (toLlmsSplit): each section folder gets an llms.txt and an llms-full.txt of its own pages,
 * and /llms.txt keeps its guidance, its nearest pages and one line per section with its size.
 * Throws, failing the build, when even the split root passes the budget.
 */
export function toAgentIndex(content: Content, pages: LlmsPage[], twinChars: (pagePath: string) => number): AgentIndex {
  const { site } = content;
  const product = site.product.name;
  const fullChars = (list: LlmsPage[]) => list.reduce((n, p) => n + twinChars(p.path) + SEPARATOR_CHARS, 0);
  const rootFull: FullLink = { url: toUrl(site.base_url, PATHS.llmsFull), note: 'every page above in one markdown file' };
  const single = toLlmsTxt(content, pages, [], rootFull);
  if (single.length <= LLMS_TXT_MAX_CHARS && fullChars(pages) <= LLMS_FULL_MAX_CHARS) {
    return {
      llms: [{ path: PATHS.llms, text: single }],
      full: [{ path: PATHS.llmsFull, heading: `${product}: every page`, pages: toLlmsOrder(pages).map((p) => p.path) }],
    };
  }

  const describe = (section: LlmsSection) => {
    const index = toSectionIndex(section, pages);
    const title = index?.title ?? section.folder.slice(section.folder.lastIndexOf('/') + 1);
    const summary =
      index?.description ||
      `Pages such as ${section.pages
        .slice(0, 3)
        .map((p) => p.title)
        .join('; ')}.`;
    return { ...section, title, summary, pages: toLlmsOrder(section.pages) };
  };
  const fullOf = (section: LlmsSection): FullLink => ({
    url: toUrl(site.base_url, `${section.folder}${PATHS.llmsFull}`),
    note: 'every page above in one markdown file',
  });
  const render = (section: LlmsSection) => toSectionLlmsTxt(content, describe(section), fullOf(section));
  const split = toLlmsSplit(pages, (s) => fullChars(s.pages) <= LLMS_FULL_MAX_CHARS && render(s).length <= LLMS_TXT_MAX_CHARS);

  const sections = split.sections.map((s) => ({ ...describe(s), text: render(s) }));
  const root = toLlmsTxt(
    content,
    split.root,
    sections.map((s) => ({
      url: toUrl(site.base_url, `${s.folder}${PATHS.llms}`),
      title: s.title,
      pages: s.pages.length,
      tokens: toTokenEstimate(s.text),
      summary: s.summary,
    })),
    { url: rootFull.url, note: 'every page this file lists itself, in one markdown file (each section has its own)' },
  );
  if (root.length > LLMS_TXT_MAX_CHARS) {
    const folders = [...new Set(split.root.map((p) => p.path.slice(0, p.path.lastIndexOf('/')) || '/'))];
    throw new Error(
      `llms.txt is ${root.length} characters, over the ${LLMS_TXT_MAX_CHARS} limit, even split into ${sections.length} section files: ` +
        `${split.root.length} pages sit directly in ${folders.join(', ')}, folders too large for one llms.txt; move pages into subfolders or shorten their descriptions`,
    );
  }
  return {
    llms: [{ path: PATHS.llms, text: root }, ...sections.map((s) => ({ path: `${s.folder}${PATHS.llms}`, text: s.text }))],
    full: [
      { path: PATHS.llmsFull, heading: `${product}: the pages of llms.txt`, pages: toLlmsOrder(split.root).map((p) => p.path) },
      ...sections.map((s) => ({
        path: `${s.folder}${PATHS.llmsFull}`,
        heading: `${product}: ${s.title}`,
        pages: s.pages.map((p) => p.path),
      })),
    ],
  };
}
