import { PATHS, toUrl } from '../facts/paths.ts';
import type { LlmsFile, LlmsGroup, LlmsPage } from './to-llms-sections.ts';

/** How llms files name the pages they list: a title, a one-line summary, and a sentence saying which pages. */
export interface LlmsFileNames {
  title: (file: LlmsFile) => string;
  summary: (file: LlmsFile) => string;
  /** `The 100 pages under …/docs/tools/.`, or the range a part lists. */
  listed: (file: LlmsFile) => string;
  /** The sentence of a folder's index file: how many pages, in how many parts. */
  listedInParts: (group: LlmsGroup, parts: number) => string;
}

const num = (n: number) => n.toLocaleString('en-US');
const such = (pages: LlmsPage[]) =>
  `Pages such as ${pages
    .slice(0, 3)
    .map((p) => p.title)
    .join('; ')}.`;

/**
 * Names for the files of a split index. A folder is named by its index page (the page at the folder's own path) or,
 * without one, by its last segment; the root's own pages are the top-level pages. A part adds its range, so the root's
 * line for it tells an agent which pages it holds before it is fetched.
 */
export function createLlmsFileNames(baseUrl: string, pages: LlmsPage[]): LlmsFileNames {
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const nameOf = (folder: string) =>
    folder === '' ? 'Top-level pages' : (byPath.get(folder)?.title ?? folder.slice(folder.lastIndexOf('/') + 1));
  const where = (group: LlmsGroup) => `${group.scope === 'own' ? 'directly under' : 'under'} ${toUrl(baseUrl, `${group.folder}/`)}`;
  const rest = (group: LlmsGroup) => (group.scope === 'own' ? '; the pages in its subfolders are listed in files of their own' : '');
  const indexUrl = (folder: string) => toUrl(baseUrl, folder === '' ? PATHS.llms : `${folder}${PATHS.llms}`);
  return {
    title: (file) => {
      const { part } = file;
      return part ? `${nameOf(file.folder)}, pages ${num(part.first)}–${num(part.last)} of ${num(part.of)}` : nameOf(file.folder);
    },
    summary: (file) => (!file.part && byPath.get(file.folder)?.description) || such(file.pages),
    listed: (file) => {
      const { part } = file;
      if (!part) return `The ${num(file.pages.length)} pages ${where(file)}${rest(file)}.`;
      return `Pages ${num(part.first)}–${num(part.last)} of the ${num(part.of)} ${where(file)}: part ${part.n} of the files ${indexUrl(file.folder)} lists${rest(file)}.`;
    },
    listedInParts: (group, parts) =>
      `The ${num(group.pages.length)} pages ${where(group)} are listed in ${parts} files, in order, each a range of them${rest(group)}.`,
  };
}
