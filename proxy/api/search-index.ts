import { loadSearchIndex, type SearchIndex } from '../../runtime/search/load-search-index.ts';
import { readText } from '../static/read-text.ts';
import type { SiteFiles } from '../static/static-files.ts';

/** The build's search index, loaded on first use. */
export type GetSearchIndex = () => Promise<SearchIndex>;

/**
 * The search index the build wrote beside the site (runtime/search), loaded once per process or isolate and kept, for
 * every route that searches (`/api/search` and the docs MCP server's search_docs share the one copy). A failed load is
 * tried again on the next request.
 */
export function createSearchIndexGetter(files: SiteFiles): GetSearchIndex {
  let index: Promise<SearchIndex> | undefined;
  return () => {
    index ??= loadSearchIndex((path) => readText(files, path)).catch((error: unknown) => {
      index = undefined;
      throw error;
    });
    return index;
  };
}
