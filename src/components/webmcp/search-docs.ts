// The docs search as a function of the page: GET /api/search's answer, ranked in the browser from the same index with
// the same code (the search box's engine), so it answers wherever the site is served, with or without the edge.
import type { SearchAnswerJson } from '../../../runtime/search/format-results.ts';
import { SearchQueryError, toSearchAnswer } from '../search/search-docs.ts';

export interface SearchOptions {
  /** Results, 1 to 20 (the API's default when absent). */
  limit?: number;
  /** Only pages under this docs folder, such as /docs/tools. */
  section?: string;
  signal?: AbortSignal;
}

/** A search the service refused (its RFC 9457 problem: code, detail and what to do), or could not answer. */
export class SearchRefused extends Error {
  override name = 'SearchRefused';
}

/** Searches the docs for `query`; resolves to the answer of GET /api/search, or rejects with SearchRefused. */
export async function searchDocs(query: string, options: SearchOptions = {}): Promise<SearchAnswerJson> {
  try {
    return await toSearchAnswer(query, { limit: options.limit, section: options.section });
  } catch (error) {
    // A refused query says what the endpoint's problem says: its code and detail.
    if (error instanceof SearchQueryError) throw new SearchRefused(`${error.code}: ${error.message}`);
    throw new SearchRefused('The docs search index could not be read from this site.');
  }
}
