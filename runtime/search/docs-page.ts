import { toTwinPath } from '../../facts/paths.ts';

/** The docs tool that finds a page: an error naming a page that does not exist points to it. */
export const SEARCH_DOCS_TOOL = 'search_docs';

/** The docs pages: the home page and everything under /docs. */
const DOCS_PAGE = /^\/(?:docs(?:\/[^?#]*)?)?$/;

/** The page `read_docs_page` reads for an input (its path and its twin's), or why it reads none, in words an agent can act on. */
export type DocsPageTarget = { ok: true; page: string; twinPath: string } | { ok: false; message: string };

/**
 * Reads `read_docs_page`'s `path`: a page path or a URL on `origin` (this site's), a fragment ignored, `.html` or
 * `.md` and a trailing slash dropped; only the home page and pages under /docs. The browser's WebMCP tool and the docs
 * MCP server both read it here, so they refuse the same inputs with the same words.
 */
export function toDocsPageTarget(input: string, origin: string): DocsPageTarget {
  let url: URL;
  try {
    url = new URL(input, origin);
  } catch {
    return { ok: false, message: `"${input}" is not a page path or URL.` };
  }
  if (url.origin !== origin) return { ok: false, message: `${url.origin} is another site: only pages of ${origin} can be read here.` };
  const page = url.pathname.replace(/\.(html|md)$/, '').replace(/(.)\/$/, '$1');
  if (!DOCS_PAGE.test(page)) {
    return { ok: false, message: `${page} is not a docs page: give the path of a page under /docs (or / for the home page).` };
  }
  return { ok: true, page, twinPath: toTwinPath(page) };
}

/** What `read_docs_page` answers for a docs page that does not exist. */
export const toMissingPageMessage = (page: string): string =>
  `There is no page at ${page} on this site. ${SEARCH_DOCS_TOOL} finds the page that answers a question.`;
