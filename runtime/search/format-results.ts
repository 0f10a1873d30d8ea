import { toUrl } from '../../facts/paths.ts';
import type { SearchHit } from './rank-pages.ts';

/** One result of the JSON answer (absolute URLs on the build's base URL). */
export interface SearchResultJson {
  title: string;
  /** The page, with `#fragment` when a section matched. */
  url: string;
  /** The page's markdown twin (with the same fragment). */
  markdown: string;
  heading: string | null;
  snippet: string;
  score: number;
}

/** The JSON answer of a search: the query as read, and the results best first. */
export interface SearchAnswerJson {
  query: string;
  results: SearchResultJson[];
}

const toFragment = (hit: SearchHit) => (hit.fragment ? `#${encodeURIComponent(hit.fragment)}` : '');

/** The JSON answer (application/json). Scores keep three decimals: their order is what they mean. */
export function toSearchJson(query: string, hits: readonly SearchHit[], baseUrl: string): SearchAnswerJson {
  return {
    query,
    results: hits.map((hit) => ({
      title: hit.title,
      url: `${toUrl(baseUrl, hit.path)}${toFragment(hit)}`,
      markdown: `${toUrl(baseUrl, hit.twinPath)}${toFragment(hit)}`,
      heading: hit.heading,
      snippet: hit.snippet,
      score: Math.round(hit.score * 1000) / 1000,
    })),
  };
}

/**
 * Text on one line that cannot become markup (CommonMark §2.4 backslash escapes): no link, code span, emphasis or HTML,
 * and no block marker at its start. Identifiers keep their underscores (intraword `_` is no emphasis, §6.2).
 */
const toInlineText = (text: string) => text.replace(/[\r\n]+/g, ' ').replace(/[\\`*[\]<>]/g, '\\$&');
/** The same for text that starts a line (a snippet under its item), where `-`, `#`, `1.` would open a block. */
const toLineText = (text: string) =>
  toInlineText(text)
    .replace(/^([#>+\-=])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');

/**
 * The markdown answer (text/markdown): a numbered list an agent can read and follow, each result a link to its twin
 * (the page's markdown), the HTML page and the snippet under it.
 */
export function toSearchMarkdown(query: string, hits: readonly SearchHit[], baseUrl: string): string {
  // In a heading a `#` run can close it (CommonMark §4.2): each is escaped.
  const lines = [`# Search: ${toInlineText(query).replace(/#/g, '\\#')}`, ''];
  if (hits.length === 0) {
    lines.push(`No page matched. Every page is listed in ${toUrl(baseUrl, '/llms.txt')}.`);
    return `${lines.join('\n')}\n`;
  }
  lines.push(`${hits.length} ${hits.length === 1 ? 'result' : 'results'}, best first. Each link is the page as markdown.`, '');
  toSearchJson(query, hits, baseUrl).results.forEach((r, i) => {
    const name = r.heading ? `${r.title} › ${r.heading}` : r.title;
    lines.push(`${i + 1}. [${toInlineText(name)}](<${r.markdown}>) (HTML: <${r.url}>)`);
    if (r.snippet) lines.push(`   ${toLineText(r.snippet)}`);
  });
  return `${lines.join('\n')}\n`;
}
