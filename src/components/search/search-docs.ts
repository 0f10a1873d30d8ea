// The docs' search in the browser, as one module: the search box imports it when its dialog first opens, and so may
// any other script of the site (a WebMCP tool). It reads the index files from the site the page is on, so it works
// wherever the site is served, with or without the edge in front.
import { createFetchFile, createSiteSearch, type SiteSearchOptions } from '../../../runtime/search/site-search.ts';
import type { SearchAnswerJson, SearchResultJson } from '../../../runtime/search/format-results.ts';

export type { SearchAnswerJson, SearchResultJson, SiteSearchOptions };
export { SearchQueryError } from '../../../runtime/search/site-search.ts';
export { toMarkedParts } from '../../../runtime/search/mark-terms.ts';

const site = createSiteSearch(import.meta.env.SITE ?? location.origin, createFetchFile(location.origin));

/**
 * The pages and sections that answer `query`, best first: the objects `/api/search`'s JSON lists under `results`, from
 * the same index and ranking. Throws SearchQueryError (with `/api/search`'s problem code) for a query it refuses.
 */
export function searchDocs(query: string, options?: SiteSearchOptions): Promise<SearchResultJson[]> {
  return site.searchDocs(query, options);
}

/** The whole answer `/api/search`'s JSON gives: the query as read, and the results. */
export function toSearchAnswer(query: string, options?: SiteSearchOptions): Promise<SearchAnswerJson> {
  return site.answer(query, options);
}
