/** A page as the llms.txt files list it. */
export interface LlmsPage {
  path: string;
  title: string;
  description: string;
  /** The H2 it is listed under. */
  section: string;
}

/** A folder whose pages get an llms.txt of their own (llms.txt path scoping: it covers the pages under its path). */
export interface LlmsSection {
  /** The folder, e.g. `/docs/reference` (its file is `/docs/reference/llms.txt`). */
  folder: string;
  pages: LlmsPage[];
}

/** How the pages are spread over llms.txt files: the root's own pages, and one section per folder that needs a file. */
export interface LlmsSplit {
  root: LlmsPage[];
  sections: LlmsSection[];
}

/** `/docs/reference/get-health` → `/docs/reference`; `/docs/overview` → `/docs`; `/` → `` (the root). */
export function toFolder(path: string): string {
  return path.slice(0, path.lastIndexOf('/'));
}

/**
 * Spreads pages over path-scoped llms.txt files, top down: a folder whose pages fit one file (`fits`) gets one;
 * a folder that does not is split into its subfolders, and its own pages move up into the root file, so the
 * pages nearest the root stay one hop away and every other page is two (root → section file → twin).
 * Sections keep the order of their first page; pages keep their order within a file.
 */
export function toLlmsSplit(pages: LlmsPage[], fits: (section: LlmsSection) => boolean): LlmsSplit {
  const split: LlmsSplit = { root: [], sections: [] };
  const place = (folder: string, under: LlmsPage[]): void => {
    if (folder !== '' && fits({ folder, pages: under })) {
      split.sections.push({ folder, pages: under });
      return;
    }
    const children = new Map<string, LlmsPage[]>();
    for (const page of under) {
      if (toFolder(page.path) === folder) {
        split.root.push(page);
        continue;
      }
      const child = `${folder}/${page.path.slice(folder.length + 1).split('/')[0]}`;
      const list = children.get(child);
      if (list) list.push(page);
      else children.set(child, [page]);
    }
    for (const [child, list] of children) place(child, list);
  };
  place('', pages);
  const order = new Map(pages.map((p, i) => [p.path, i]));
  const first = (s: LlmsSection) => order.get(s.pages[0]!.path)!;
  split.root.sort((a, b) => order.get(a.path)! - order.get(b.path)!);
  split.sections.sort((a, b) => first(a) - first(b));
  return split;
}

/** The page that introduces a section: the one at the folder's own path (`/docs/tools` for `/docs/tools/…`, a folder's index.md), if any. */
export function toSectionIndex(section: LlmsSection, all: readonly LlmsPage[]): LlmsPage | undefined {
  return all.find((p) => p.path === section.folder);
}
