import { toTwinPath } from '../../facts/paths.ts';

/** The docs page a report names: its public path, its markdown twin's file, and the fragment it named, if any. */
export interface FeedbackPage {
  path: string;
  twin: string;
  fragment: string | null;
}

/**
 * The page a report's `page` names, on this site only: a URL whose origin is the base URL's, or an absolute path;
 * dot segments resolved, the query dropped, `.md` (its twin) and `.html` taken as the page itself, one trailing slash
 * dropped. Undefined for another site or what is no path at all; whether the page exists is the caller's to check.
 */
export function toFeedbackPage(page: string, baseUrl: string): FeedbackPage | undefined {
  const trimmed = page.trim();
  if (!trimmed.startsWith('/') && !/^https?:\/\//i.test(trimmed)) return undefined;
  if (trimmed.startsWith('//')) return undefined;
  const url = URL.parse(trimmed, baseUrl);
  if (!url || url.origin !== new URL(baseUrl).origin) return undefined;
  let path = url.pathname.replace(/\/index(\.html|\.md)?$/, '/');
  if (path.length > 1) path = path.replace(/\/$/, '');
  path = path.replace(/\.(md|html)$/, '') || '/';
  const fragment = url.hash.length > 1 ? decodeURIComponent(url.hash.slice(1)) : null;
  return { path, twin: toTwinPath(path), fragment };
}
