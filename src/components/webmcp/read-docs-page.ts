// A page of this site as markdown: its twin, the file an agent gets for the page with Accept: text/markdown.
import { toTwinPath } from '../../../facts/paths.ts';

/** A page's markdown, or why there is none, in words an agent can act on. */
export type PageMarkdown = { ok: true; url: string; markdown: string } | { ok: false; message: string; missing?: boolean };

/** The docs pages: the home page and everything under /docs. */
const DOCS_PAGE = /^\/(?:docs(?:\/[^?#]*)?)?$/;

/** Reads the twin of a page of this site given its path or URL (same origin, docs pages only). */
export async function readDocsPage(path: string, signal?: AbortSignal): Promise<PageMarkdown> {
  let url: URL;
  try {
    url = new URL(path, location.origin);
  } catch {
    return { ok: false, message: `"${path}" is not a page path or URL.` };
  }
  if (url.origin !== location.origin) {
    return { ok: false, message: `${url.origin} is another site: only pages of ${location.origin} can be read here.` };
  }
  const page = url.pathname.replace(/\.(html|md)$/, '').replace(/(.)\/$/, '$1');
  if (!DOCS_PAGE.test(page)) {
    return { ok: false, message: `${page} is not a docs page: give the path of a page under /docs (or / for the home page).` };
  }
  const twin = new URL(toTwinPath(page), location.origin);
  let response: Response;
  try {
    response = await fetch(twin, { headers: { Accept: 'text/markdown' }, signal });
  } catch {
    return { ok: false, message: `${twin.href} could not be reached from this browser.` };
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && type.startsWith('text/markdown')) return { ok: true, url: twin.href, markdown: await response.text() };
  if (response.status === 404 || response.ok) {
    return { ok: false, missing: true, message: `There is no page at ${page} on this site.` };
  }
  return { ok: false, message: `${twin.href} answered HTTP ${response.status}.` };
}
