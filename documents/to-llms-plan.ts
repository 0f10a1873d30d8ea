import { isUnder, toDepth, toFolder, type LlmsFile, type LlmsGroup, type LlmsPage } from './to-llms-sections.ts';
import { toLlmsParts, type FitsFile } from './to-llms-parts.ts';
import { toLlmsOrder } from './to-llms-txt.ts';

/** What decides whether a file fits: one llms.txt with its llms-full.txt, and the root listing pages and files. */
export interface LlmsBudget {
  fits: FitsFile;
  /** Whether /llms.txt (and /llms-full.txt) fit, listing these pages themselves and one line for each file. */
  rootFits: (root: LlmsPage[], files: LlmsFile[]) => boolean;
}

/** How a site too large for one llms.txt is listed: the pages /llms.txt lists itself, and every other file, in page order. */
export interface LlmsPlan {
  root: LlmsPage[];
  files: LlmsFile[];
}

/**
 * Groups pages by folder, top down: a folder whose pages all fit one file is one `tree` group; a folder that does not
 * fit is split, its own pages one `own` group (unless it has no subfolders) and each subfolder placed the same way.
 */
function toGroups(pages: LlmsPage[], fits: FitsFile): LlmsGroup[] {
  const groups: LlmsGroup[] = [];
  const place = (folder: string, under: LlmsPage[]): void => {
    const tree: LlmsGroup = { folder, scope: 'tree', pages: toLlmsOrder(under) };
    if (folder !== '' && fits(tree)) {
      groups.push(tree);
      return;
    }
    const own: LlmsPage[] = [];
    const children = new Map<string, LlmsPage[]>();
    for (const page of under) {
      if (toFolder(page.path) === folder) own.push(page);
      else {
        const child = `${folder}/${page.path.slice(folder.length + 1).split('/')[0]}`;
        const list = children.get(child);
        if (list) list.push(page);
        else children.set(child, [page]);
      }
    }
    // A folder without subfolders that does not fit is still listed whole, only in parts.
    if (own.length) groups.push(children.size ? { folder, scope: 'own', pages: toLlmsOrder(own) } : tree);
    for (const [child, list] of children) place(child, list);
  };
  place('', pages);
  return groups;
}

/**
 * Spreads a site's pages over llms.txt files so that each fits its budget and every page is at most two links from
 * /llms.txt: the root links every file that lists pages. Pages are grouped by folder (toGroups); a group too large for
 * one file is listed in numbered parts (toLlmsParts). The root then lists the pages nearest it itself, a folder depth
 * at a time: the shallowest depth whose groups fit whole beside the lines for the other files, and each next depth
 * while it still fits.
 * When even a root listing no page cannot hold a line per file (and `coarsen` is not false), the folder whose files
 * are most numerous for its pages is listed in parts of its whole tree instead, until the lines fit; at the last,
 * every page of the site is in `/llms-<n>.txt` parts. Nothing here fails: a plan whose root is still over its budget
 * is returned as it is, for the caller to try another way of writing the lines.
 */
export function toLlmsPlan(pages: LlmsPage[], budget: LlmsBudget, { coarsen = true } = {}): LlmsPlan {
  const order = new Map(pages.map((p, i) => [p.path, i]));
  const byOrder = (a: LlmsPage, b: LlmsPage) => order.get(a.path)! - order.get(b.path)!;
  const parts = new Map<LlmsGroup, LlmsFile[]>();
  const filesOf = (group: LlmsGroup): LlmsFile[] => {
    if (!parts.has(group)) parts.set(group, toLlmsParts(group, budget.fits));
    return parts.get(group)!;
  };
  let groups = toGroups(pages, budget.fits);
  const planOf = (inline: Set<LlmsGroup>): LlmsPlan => ({
    root: groups
      .filter((g) => inline.has(g))
      .flatMap((g) => g.pages)
      .sort(byOrder),
    files: groups
      .filter((g) => !inline.has(g))
      .flatMap(filesOf)
      .sort((a, b) => byOrder(a.pages[0]!, b.pages[0]!)),
  });
  const fitsRoot = (plan: LlmsPlan) => budget.rootFits(plan.root, plan.files);

  const trees = new Map<string, LlmsGroup>();
  const treeOf = (folder: string, under: LlmsGroup[]) => {
    if (!trees.has(folder)) trees.set(folder, { folder, scope: 'tree', pages: toLlmsOrder(under.flatMap((g) => g.pages).sort(byOrder)) });
    return trees.get(folder)!;
  };
  while (coarsen && !fitsRoot(planOf(new Set()))) {
    let best: { tree: LlmsGroup; under: LlmsGroup[]; score: number } | undefined;
    const folders = new Set(groups.flatMap((g) => g.folder.split('/').map((_, i, all) => all.slice(0, i + 1).join('/'))));
    for (const folder of [...folders].filter((f) => f !== '')) {
      const under = groups.filter((g) => g.folder === folder || isUnder(g.folder, folder));
      const files = under.reduce((n, g) => n + filesOf(g).length, 0);
      if (files < 2) continue;
      const tree = treeOf(folder, under);
      const score = (files - filesOf(tree).length) / tree.pages.length;
      const deeper = best && score === best.score && toDepth(folder) > toDepth(best.tree.folder);
      if (score > 0 && (!best || score > best.score || deeper)) best = { tree, under, score };
    }
    if (!best) {
      groups = [treeOf('', groups)];
      break;
    }
    const { tree, under } = best;
    groups = [...groups.filter((g) => !under.includes(g)), tree];
  }

  // The nearest pages: the shallowest depth whose groups fit the root whole, then each next depth while it still fits.
  let inline = new Set<LlmsGroup>();
  for (const depth of [...new Set(groups.map((g) => toDepth(g.folder)))].sort((a, b) => a - b)) {
    const trial = new Set([...inline, ...groups.filter((g) => toDepth(g.folder) === depth)]);
    if (fitsRoot(planOf(trial))) inline = trial;
    else if (inline.size) break;
  }
  return planOf(inline);
}
