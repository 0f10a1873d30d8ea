// The docs' search engine in the browser, as one module: the search box imports it when its dialog first opens, and
// so may any other script of the site (the WebMCP tool). It reads the index files from the site the page is on, so it
// works wherever the site is served, with or without the edge in front.
import { createFetchFile, createSearchEngine, type SearchEngine } from '../../../runtime/search/create-search-engine.ts';

export type { SearchAnswerJson, SearchResultJson } from '../../../runtime/search/format-results.ts';
export { SearchQueryError } from '../../../runtime/search/create-search-engine.ts';
export { toMarkedParts } from '../../../runtime/search/mark-terms.ts';
export { reportMiss } from './report-miss.ts';

/**
 * The docs' search of the site this page is on: `answer` gives what `/api/search`'s JSON does, from the same index and
 * ranking, and throws SearchQueryError (with `/api/search`'s problem code) for a query it refuses.
 */
export const searchEngine: SearchEngine = createSearchEngine(import.meta.env.SITE ?? location.origin, createFetchFile(location.origin));
