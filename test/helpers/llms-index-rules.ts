import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toTwinPath, UNLISTED_PAGES } from '../../facts/paths.ts';
import { listFiles, toPagePathOfHtmlFile } from '../../runtime/node/list-files.ts';
import { LLMS_FULL_MAX_CHARS } from '../../documents/to-agent-index.ts';
import { LLMS_TXT_MAX_CHARS } from '../../documents/to-llms-txt.ts';

/** A site's llms files: every llms.txt file's text and every llms-full.txt file's size, by path. */
export interface LlmsFileSet {
  baseUrl: string;
  llms: ReadonlyMap<string, string>;
  fullSizes: ReadonlyMap<string, number>;
}

/** The `[title](url)` links of a text; autolinks (`<url>`, documents that are no page) are not links to follow. */
export const toMarkdownLinks = (text: string): string[] => [...text.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => m[1]!);

/** The llms.txt files /llms.txt links, and every twin linked from it or from one of them: what two links reach. */
export function toTwoHops(set: LlmsFileSet): { linked: string[]; twins: Set<string> } {
  const pathOf = (url: string) => (url.startsWith(`${set.baseUrl}/`) ? url.slice(set.baseUrl.length) : undefined);
  const root = set.llms.get('/llms.txt') ?? '';
  const linked = toMarkdownLinks(root)
    .map(pathOf)
    .filter((p): p is string => p !== undefined && set.llms.has(p) && p !== '/llms.txt');
  const texts = [root, ...linked.map((p) => set.llms.get(p)!)];
  const twins = new Set(texts.flatMap(toMarkdownLinks).filter((u) => u.endsWith('.md')));
  return { linked, twins };
}

/**
 * What a site's llms files break of the index's rules: a file over its budget, an llms.txt file /llms.txt does not
 * link (unless it is a folder's list of parts the root links), a `.txt` link to no file, a page whose twin is more
 * than two links from /llms.txt. Empty when every rule holds.
 */
export function toLlmsProblems(set: LlmsFileSet, pagePaths: readonly string[]): string[] {
  const problems: string[] = [];
  if (!set.llms.has('/llms.txt')) return ['no /llms.txt'];
  for (const [path, text] of set.llms)
    if (text.length > LLMS_TXT_MAX_CHARS) problems.push(`${path}: ${text.length} characters, over ${LLMS_TXT_MAX_CHARS}`);
  for (const [path, size] of set.fullSizes)
    if (size > LLMS_FULL_MAX_CHARS) problems.push(`${path}: ${size} characters, over ${LLMS_FULL_MAX_CHARS}`);
  const { linked, twins } = toTwoHops(set);
  const fromRoot = new Set(linked);
  for (const [path, text] of set.llms) {
    const txt = toMarkdownLinks(text)
      .filter((u) => u.startsWith(`${set.baseUrl}/`) && u.endsWith('.txt'))
      .map((u) => u.slice(set.baseUrl.length));
    for (const target of txt)
      if (!set.llms.has(target) && !set.fullSizes.has(target)) problems.push(`${path}: links ${target}, which is no file`);
    const parts = txt.filter((t) => set.llms.has(t));
    const isIndexOfLinked = parts.length > 0 && parts.every((t) => fromRoot.has(t));
    if (path !== '/llms.txt' && !fromRoot.has(path) && !isIndexOfLinked) problems.push(`${path}: not linked from /llms.txt`);
  }
  for (const page of pagePaths)
    if (!twins.has(`${set.baseUrl}${toTwinPath(page)}`)) problems.push(`${page}: its twin is not within two links of /llms.txt`);
  return problems;
}

/**
 * A built site's llms files (`llms.txt`, `llms-<n>.txt`; `llms-full.txt`, `llms-full-<n>.txt`) and its page paths (the
 * 404 page and the pages that are no docs, UNLISTED_PAGES, aside).
 */
export function readLlmsFileSet(dist: string, baseUrl: string): LlmsFileSet & { full: Map<string, string>; pages: string[] } {
  const files = listFiles(dist);
  const read = (f: string) => [`/${f}`, readFileSync(join(dist, f), 'utf8')] as const;
  const llms = new Map(files.filter((f) => /(^|\/)llms(-\d+)?\.txt$/.test(f)).map(read));
  const full = new Map(files.filter((f) => /(^|\/)llms-full(-\d+)?\.txt$/.test(f)).map(read));
  const pages = files
    .filter((f) => f.endsWith('.html') && f !== '404.html')
    .map(toPagePathOfHtmlFile)
    .filter((path) => !UNLISTED_PAGES.includes(path));
  return { baseUrl, llms, full, fullSizes: new Map([...full].map(([p, t]) => [p, t.length])), pages };
}

/** The pages an llms-full.txt holds, in order: each twin carries a `Page: <url>` line (toMarkdownTwin). */
export const toFullPages = (full: string): string[] => [...full.matchAll(/^Page: (\S+)$/gm)].map((m) => m[1]!);

/** The pages an llms.txt file lists, in order, by their page addresses (a twin's address less `.md`; `/index.md` is `/`). */
export const toListedPages = (text: string, baseUrl: string): string[] =>
  toMarkdownLinks(text)
    .filter((u) => u.startsWith(`${baseUrl}/`) && u.endsWith('.md'))
    .map((u) => u.slice(0, -'.md'.length).replace(/\/index$/, '/'));
