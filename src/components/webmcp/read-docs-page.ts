// A page of this site as markdown: its twin, the file an agent gets for the page with Accept: text/markdown.
import { toDocsPageTarget, toMissingPageMessage } from '../../../runtime/search/docs-page.ts';

/** A page's markdown, or why there is none, in words an agent can act on. */
export type PageMarkdown = { ok: true; url: string; markdown: string } | { ok: false; message: string };

/** Reads the twin of a page of this site given its path or URL (same origin, docs pages only). */
export async function readDocsPage(path: string, signal?: AbortSignal): Promise<PageMarkdown> {
  const target = toDocsPageTarget(path, location.origin);
  if (!target.ok) return target;
  const twin = new URL(target.twinPath, location.origin);
  let response: Response;
  try {
    response = await fetch(twin, { headers: { Accept: 'text/markdown' }, signal });
  } catch {
    return { ok: false, message: `${twin.href} could not be reached from this browser.` };
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && type.startsWith('text/markdown')) return { ok: true, url: twin.href, markdown: await response.text() };
  if (response.status === 404 || response.ok) return { ok: false, message: toMissingPageMessage(target.page) };
  return { ok: false, message: `${twin.href} answered HTTP ${response.status}.` };
}
