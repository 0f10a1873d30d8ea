import { toTwinPath } from '../../facts/paths.ts';
import type { SearchIndex } from './load-search-index.ts';
import { toQueryTerms } from './query-terms.ts';
import { scoreLevel, toIdf, type Ranking } from './rank.ts';
import { toSnippet } from './snippet.ts';

/** A query, as toSearchQuery validates it. */
export interface SearchQuery {
  q: string;
  /** 1 to 20. */
  limit: number;
  /** A docs folder (`/docs/reference`): only pages under it. */
  section?: string;
}

/** One result: a page, and the section of it that matched best when one did. */
export interface SearchHit {
  /** The page's public path (`/docs/cli`). */
  path: string;
  /** Its markdown twin's path (`/docs/cli.md`). */
  twinPath: string;
  title: string;
  /** The matching section's heading and its id on the HTML page; null when the page matched as a whole or before its first heading. */
  heading: string | null;
  fragment: string | null;
  /** Plain text around the best match, at most SNIPPET_LENGTH characters. */
  snippet: string;
  score: number;
}

/** The ranking the edge uses (tuned on harness/search/questions.yaml; BENCHMARKS.md has the scores). */
export const RANKING: Ranking = {
  k1: 1.2,
  page: { weights: [3, 1], b: [0.5, 0.75], coverage: 0 },
  section: { weights: [4, 1], b: [0.3, 0.75], coverage: 0.5 },
  pageScale: 1,
};

/** A section's text, or when it has none (a page that opens with a heading) the next of the same page's that has some. */
async function toSnippetText(index: SearchIndex, section: number, own: string): Promise<string> {
  if (own) return own;
  const page = index.sectionPage[section];
  for (let s = section + 1; s < index.sectionLevel.size && index.sectionPage[s] === page; s++) {
    const { text } = await index.section(s);
    if (text) return text;
  }
  return '';
}

/** True when the page is the folder or under it (`/docs/reference` holds `/docs/reference/get-health`). */
const isUnder = (path: string, folder: string | undefined) => !folder || path === folder || path.startsWith(`${folder}/`);

/**
 * The pages that answer a query, best first, at most `limit`, one result per page (its best section): a page scores
 * its title and description (BM25F per page) plus its best section's heading and text (BM25F per section).
 */
export async function rankPages(index: SearchIndex, query: SearchQuery, ranking: Ranking = RANKING): Promise<SearchHit[]> {
  const terms = toQueryTerms(query.q);
  if (terms.size === 0) return [];
  const postings = await index.postings(terms.keys());
  const pageScores = new Float64Array(index.pages.length);
  const sectionScores = new Float64Array(index.sectionLevel.size);
  const pagesTouched = scoreLevel(index.pageLevel, terms, (t) => postings.get(t)?.page, ranking.page, ranking.k1, pageScores);
  const sectionsTouched = scoreLevel(
    index.sectionLevel,
    terms,
    (t) => postings.get(t)?.section,
    ranking.section,
    ranking.k1,
    sectionScores,
  );
  // Each page's best section, the one its result points into: -1 for a page that matched by title or description only.
  const best = new Int32Array(index.pages.length).fill(-2);
  const pages = [...pagesTouched];
  for (const p of pagesTouched) best[p] = -1;
  for (const s of sectionsTouched) {
    const p = index.sectionPage[s]!;
    const current = best[p]!;
    if (current === -2) pages.push(p);
    if (current < 0 || sectionScores[s]! > sectionScores[current]!) best[p] = s;
  }
  const ranked = pages
    .filter((p) => isUnder(index.pages[p]![0], query.section))
    .map((p) => ({ p, s: best[p]!, score: ranking.pageScale * pageScores[p]! + (best[p]! < 0 ? 0 : sectionScores[best[p]!]!) }))
    .sort((a, b) => b.score - a.score || a.p - b.p)
    .slice(0, query.limit);
  // A snippet shows where the rarest of the query's words are, as the ranking weighs them.
  const level = index.sectionLevel;
  const snippetTerms = new Map(
    [...terms].map(([term, weight]) => [term, weight * toIdf(level.size, postings.get(term)?.section?.ids.length ?? 0)]),
  );
  return Promise.all(
    ranked.map(async ({ p, s, score }) => {
      const [path, title, first] = index.pages[p]!;
      const section = s < 0 ? first : s;
      const { heading, fragment, text } = await index.section(section);
      return {
        path,
        twinPath: toTwinPath(path),
        title,
        heading: heading || null,
        fragment: fragment || null,
        snippet: toSnippet(await toSnippetText(index, section, text), snippetTerms),
        score,
      };
    }),
  );
}
