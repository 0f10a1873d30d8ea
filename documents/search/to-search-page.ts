import type { SearchPageInput, SearchSectionInput } from '../../runtime/search/search-index-format.ts';
import type { HeadingId } from './to-heading-ids.ts';
import { toPlainInline, toPlainText } from './to-plain-text.ts';
import { toTwinParts } from '../to-twin-front-matter.ts';

/** A page's twin and its HTML headings disagree, or the twin is not one the build wrote: the build fails with this. */
export class SearchPageError extends Error {
  override name = 'SearchPageError';
}

const HEADING_LINE = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;
/**
 * A copy of a short string that holds nothing else: a substring may keep its whole source alive (V8's sliced strings),
 * and the index of a large site would then hold every page's HTML while it is built.
 */
const detach = (text: string): string => JSON.parse(JSON.stringify(text)) as string;
/** Letters and digits only, lower case: how a twin's heading and its HTML heading are compared. */
const toKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * A page for the search index, from its markdown twin (toMarkdownTwin: front matter, which is skipped, title, description, the preamble every twin
 * shares, the `Page:` line, then the body) and the heading ids of its HTML: one section before the first heading,
 * then one per heading, each pointing at the id the HTML page gives that heading.
 */
export function toSearchPage(twin: string, headings: readonly HeadingId[], page: { path: string; preambleLine: string }): SearchPageInput {
  const lines = toTwinParts(twin).body.split('\n');
  const pageLine = lines.findIndex((l) => l.startsWith('Page: '));
  if (!lines[0]?.startsWith('# ') || pageLine < 0) throw new SearchPageError(`${page.path}: the twin has no "# title" and "Page:" lines`);
  const description = lines
    .slice(1, pageLine)
    .filter((l) => l.startsWith('> ') && l !== page.preambleLine)
    .map((l) => l.slice(2))
    .join(' ');
  const sections: SearchSectionInput[] = [];
  let current = { heading: '', fragment: '', lines: [] as string[] };
  let fenced = false;
  let next = 0;
  const close = () => sections.push({ heading: current.heading, fragment: current.fragment, text: toPlainText(current.lines.join('\n')) });
  for (const line of lines.slice(pageLine + 1)) {
    if (FENCE.test(line)) fenced = !fenced;
    const match = fenced ? null : HEADING_LINE.exec(line);
    if (!match) {
      current.lines.push(line);
      continue;
    }
    const heading = toPlainInline(match[2]!).trim();
    const found = headings.findIndex((h, i) => i >= next && toKey(h.text) === toKey(heading));
    if (found < 0) throw new SearchPageError(`${page.path}: the heading "${heading}" of its twin has no id on the HTML page`);
    next = found + 1;
    close();
    current = { heading: detach(heading), fragment: detach(headings[found]!.id), lines: [] };
  }
  close();
  const title = detach(toPlainInline(lines[0].slice(2)).trim());
  return { path: page.path, title, description: detach(toPlainInline(description).trim()), sections };
}
