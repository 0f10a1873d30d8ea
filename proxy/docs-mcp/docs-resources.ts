import { MARKDOWN_TYPE } from '../../facts/content-types.ts';
import { toPagePath, toTwinPath, toUrl } from '../../facts/paths.ts';
import type { SearchIndex } from '../../runtime/search/load-search-index.ts';
import { toDocsPageTarget } from '../../runtime/search/docs-page.ts';
import { readText } from '../static/read-text.ts';
import type { SiteFiles } from '../static/static-files.ts';

/**
 * Resources per `resources/list` answer. MCP pagination (server/utilities/pagination) lets the server choose; a list
 * of every page at once grows with the site, while this many keeps each answer a few kilobytes at any size.
 */
export const RESOURCES_PER_LIST = 100;

/** The media type of a twin as a resource's `mimeType` (a resource's text is a JSON string, not bytes: no charset). */
const MARKDOWN = MARKDOWN_TYPE.split(';')[0]!;

/** One page's twin as `resources/list` names it. */
export type DocsResource = {
  uri: string;
  name: string;
  title: string;
  mimeType: string;
};

/** One answer of `resources/list`: its pages' twins and, unless it is the last, the cursor of the next. */
export type DocsResourcesList = {
  resources: DocsResource[];
  nextCursor?: string;
};

/**
 * Every docs page's twin as a resource, `RESOURCES_PER_LIST` at a time in the search index's page order (the pages
 * the build indexed: every docs page). Its URI is the twin's https address, which a client may also fetch itself (MCP
 * server/resources, common URI schemes). The cursor is where the next answer starts, opaque to clients; one this
 * server did not give (not a position within the list) gives undefined, which the server answers as invalid params.
 */
export function toDocsResourcesList(index: SearchIndex, baseUrl: string, cursor?: string): DocsResourcesList | undefined {
  const start = cursor === undefined ? 0 : /^[1-9]\d{0,8}$/.test(cursor) ? Number(cursor) : -1;
  if (start < 0 || (cursor !== undefined && start >= index.pages.length)) return undefined;
  const end = Math.min(start + RESOURCES_PER_LIST, index.pages.length);
  const resources = index.pages.slice(start, end).map(([path, title]) => ({
    uri: toUrl(baseUrl, toTwinPath(path)),
    name: path,
    title,
    mimeType: MARKDOWN,
  }));
  return end < index.pages.length ? { resources, nextCursor: String(end) } : { resources };
}

/** The text of a resource this server lists (a docs page's twin URI, exactly), or undefined for any other URI. */
export async function readDocsResource(
  files: SiteFiles,
  baseUrl: string,
  uri: string,
): Promise<{ uri: string; mimeType: string; text: string } | undefined> {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  // The page whose twin the URI names (`/index.md` is the home page's), read only if its twin is exactly the URI.
  const target = toDocsPageTarget(toPagePath(url.pathname), new URL(baseUrl).origin);
  if (url.origin !== new URL(baseUrl).origin || url.search || url.hash || !target.ok || target.twinPath !== url.pathname) return undefined;
  const text = await readText(files, target.twinPath);
  return text === undefined ? undefined : { uri, mimeType: MARKDOWN, text };
}
