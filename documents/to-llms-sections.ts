/** A page as the llms.txt files list it. */
export interface LlmsPage {
  path: string;
  title: string;
  description: string;
  /** The H2 it is listed under. */
  section: string;
}

/**
 * Which pages of a folder a group or file holds: every page under the folder's path (`tree`, llms.txt path scoping), or
 * only the pages directly in it (`own`), when its subfolders are listed in files of their own.
 */
export type LlmsScope = 'tree' | 'own';

/** Pages of one folder that are listed together: in the root llms.txt, in one file, or in numbered parts. */
export interface LlmsGroup {
  /** The folder, e.g. `/docs/reference`; `` is the site's root. */
  folder: string;
  scope: LlmsScope;
  /** In the order the files list them (toLlmsOrder). */
  pages: LlmsPage[];
}

/** Where one file of several sits among its group's pages: its number and the range it lists (1-based, inclusive). */
export interface LlmsPart {
  n: number;
  first: number;
  last: number;
  /** The group's page count. */
  of: number;
}

/** One llms.txt file that lists twins: a group whole (`F/llms.txt`), or one part of it (`F/llms-<n>.txt`). */
export interface LlmsFile extends LlmsGroup {
  part?: LlmsPart;
}

/** `/docs/reference/get-health` → `/docs/reference`; `/docs/overview` → `/docs`; `/` → `` (the root). */
export function toFolder(path: string): string {
  return path.slice(0, path.lastIndexOf('/'));
}

/** How deep a folder is: `` 0, `/docs` 1, `/docs/reference` 2. */
export function toDepth(folder: string): number {
  return folder === '' ? 0 : folder.split('/').length - 1;
}

/** Whether a page is under a folder's path (every page is under the root ``). */
export function isUnder(path: string, folder: string): boolean {
  return folder === '' || path.startsWith(`${folder}/`);
}

/** Where a file of a split index is: `F/llms.txt` for a whole group, `F/llms-<n>.txt` for its part n. */
export function toLlmsPath(file: LlmsFile): string {
  return `${file.folder}/${file.part ? `llms-${file.part.n}.txt` : 'llms.txt'}`;
}

/** The llms-full.txt beside a file: `F/llms-full.txt`, or `F/llms-full-<n>.txt` beside part n. */
export function toLlmsFullPath(file: LlmsFile): string {
  return `${file.folder}/${file.part ? `llms-full-${file.part.n}.txt` : 'llms-full.txt'}`;
}
