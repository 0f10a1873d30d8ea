// The docs search as a function of the page: GET /api/search's answer, ranked in the browser from the same index with
// the same code (the search box's engine), so it answers wherever the site is served, with or without the edge.
import type { SearchAnswerJson } from '../../../runtime/search/format-results.ts';
import { SearchQueryError, type SiteSearchOptions, toSearchAnswer } from '../search/search-docs.ts';

/** A query the search refuses (the problem code and detail /api/search answers it with), or an index it cannot read. */
export class SearchRefused extends Error {
  override name = 'SearchRefused';
}

/** Searches the docs for `query`; resolves to the answer of GET /api/search, or rejects with SearchRefused. */
export async function searchDocs(query: string, options: SiteSearchOptions = {}): Promise<SearchAnswerJson> {
  try {
    return await toSearchAnswer(query, options);
  } catch (error) {
    // A refused query says what the endpoint's problem says: its code and detail.
    if (error instanceof SearchQueryError) throw new SearchRefused(`${error.code}: ${error.message}`);
    throw new SearchRefused('The docs search index could not be read from this site.');
  }
}
