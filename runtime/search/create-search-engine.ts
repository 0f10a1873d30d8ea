import { toSearchJson, type SearchAnswerJson } from './format-results.ts';
import { loadSearchIndex, SearchIndexError, type SearchIndex } from './load-search-index.ts';
import { rankPages } from './rank-pages.ts';
import { toSearchQuery, type SearchProblemCode } from './search-params.ts';

/** What the engine takes besides the query, as `/api/search` takes `limit` and `section`. */
export interface SearchEngineOptions {
  /** 1 to 20; 5 when not given. */
  limit?: number;
  /** A docs folder (`/docs/reference`): only pages under it. */
  section?: string;
}

/** A query `/api/search` would refuse with a 400: the same problem code and sentence. */
export class SearchQueryError extends Error {
  override name = 'SearchQueryError';
  readonly code: SearchProblemCode;
  constructor(code: SearchProblemCode, detail: string) {
    super(detail);
    this.code = code;
  }
}

/** The docs' search engine where the index files are at hand (a browser, from the site it is on). */
export interface SearchEngine {
  /**
   * The JSON `/api/search?q=…&limit=…&section=…` answers: the query as read and the results, best first; throws
   * SearchQueryError where it answers 400.
   */
  answer(query: string, options?: SearchEngineOptions): Promise<SearchAnswerJson>;
}

/**
 * `/api/search` without a server: the same parameter checks, index files, ranking, snippets and result objects,
 * reading the index with `fetchFile` (a path such as `/search-index/core.json` → its text, undefined when missing),
 * loaded on the first query and kept. `baseUrl` is the build's public origin, which the results' URLs name as the
 * endpoint's do. No Node built-ins: it runs in a browser (the edge's search, on the client).
 */
export function createSearchEngine(baseUrl: string, fetchFile: (path: string) => Promise<string | undefined>): SearchEngine {
  let index: Promise<SearchIndex> | undefined;
  const load = () => {
    index ??= loadSearchIndex(fetchFile).catch((error: unknown) => {
      index = undefined;
      throw error;
    });
    return index;
  };
  const answer = async (q: string, options: SearchEngineOptions = {}): Promise<SearchAnswerJson> => {
    const params = new URLSearchParams({ q });
    if (options.limit !== undefined) params.set('limit', String(options.limit));
    if (options.section !== undefined) params.set('section', options.section);
    const parsed = toSearchQuery(params);
    if (!parsed.ok) throw new SearchQueryError(parsed.code, parsed.detail);
    try {
      const hits = await rankPages(await load(), parsed.query);
      return toSearchJson(parsed.query.q, hits, baseUrl);
    } catch (error) {
      // A shard the core file names is gone (the site was deployed again since it was read): read the new one next time.
      if (error instanceof SearchIndexError) index = undefined;
      throw error;
    }
  };
  return { answer };
}

/** Reads a file of the site the page is on with `fetch`: its text, undefined on a 404, an error on any other failure. */
export function createFetchFile(
  origin: string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): (path: string) => Promise<string | undefined> {
  return async (path) => {
    const response = await fetchImpl(new URL(path, origin));
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return response.text();
  };
}
