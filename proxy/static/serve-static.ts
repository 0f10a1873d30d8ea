import { isAssetPath, PATHS, REWRITES, toPagePath, toTwinPath } from '../../facts/paths.ts';
import { toAssetHeaders } from '../../runtime/http/asset-headers.ts';
import type { AppConfig } from '../config.ts';
import { createProblemError } from '../errors/http-errors.ts';
import { type Answer, type HeaderRecord, toTextAnswer } from '../plan/plan.ts';
import { toPageLinks, toTwinLinks } from './agent-links.ts';
import { toFileAnswer } from './file-answer.ts';
import { toPageVariant, toVariant } from './negotiate.ts';
import { DOCUMENT_METHODS, toDocumentOptions } from './document-options.ts';
import { toSafePath } from './safe-path.ts';
import type { SiteFiles, StaticFile } from './static-files.ts';

/** The parts of a request a static answer depends on. */
export interface StaticRequest {
  method: string;
  /** The request path as received (percent-encoded). */
  path: string;
  accept: string | null | undefined;
  acceptEncoding: string | null | undefined;
  /** Read only for a page, when Accept leaves its variant open (negotiate.ts toPageVariant). */
  userAgent?: string | null;
  /** Whether an OPTIONS request is a CORS preflight (it names the method it asks for: Fetch standard §3.2.2). */
  preflight?: boolean;
}

/**
 * A negotiable page's Vary: Accept, and User-Agent, since an AI agent that names itself gets the twin when Accept
 * leaves the choice open (RFC 9110 §12.5.5: every header the choice may depend on, on both variants).
 */
export const PAGE_VARY = 'Accept, User-Agent';

/** What the static route answers for a request, before 304 and HEAD (applied when it is written: proxy/plan/written.ts). */
export type StaticPlanner = (request: StaticRequest) => Promise<Answer>;

function twinHeaders(config: AppConfig, headers: HeaderRecord, pagePath: string): HeaderRecord {
  // A twin is a second copy of a page: point search engines at the HTML (RFC 6596 canonical link).
  headers.link = toTwinLinks(config.baseUrl, pagePath);
  headers['x-robots-tag'] = 'noindex';
  return headers;
}

/** The page path a request names, when an HTML page exists for it (`/docs/x` → `/docs/x.html`, `/` → `/index.html`). */
function toHtmlPath(path: string): string {
  return path === '/' ? '/index.html' : `${path}.html`;
}

/** Whether a path names a markdown document, decoded or not (`/x.md`, `/x%2Emd`). */
function isMarkdownName(path: string): boolean {
  return /\.md$/i.test(path) || /%2emd$/i.test(path);
}

/**
 * Plans the answers for dist (from memory on Node, from the asset store in the worker): files, negotiated pages and
 * twins (contract NEGOTIATE-1, NEGOTIATE-2), markdown or HTML 404s, OPTIONS and CORS preflights. Throws the problem errors of `/api/*`
 * paths, which the route's error envelope renders.
 */
export function createStaticPlanner(config: AppConfig, files: SiteFiles): StaticPlanner {
  const notFound = async (request: StaticRequest, path: string, markdown: boolean): Promise<Answer> => {
    if (path.startsWith(PATHS.apiPrefix)) {
      throw createProblemError(config.errors, 'not_found', { detail: `No API operation is published at ${path}.` });
    }
    const page: StaticFile | undefined = await files.get(markdown ? '/404.md' : '/404.html');
    const headers: HeaderRecord = { vary: 'Accept' };
    if (!page) return toTextAnswer(404, 'text/plain; charset=utf-8', '404 Not Found\n', headers);
    if (markdown) headers['x-robots-tag'] = 'noindex';
    return toFileAnswer(page, headers, request.acceptEncoding, 404);
  };
  /**
   * A path of the CDN's asset store (facts/paths.ts: isAssetPath) is answered as the CDN answers it alone: its file,
   * GET and HEAD only (405), and an empty 404 with the path's headers where there is none, whatever the method (a hashed name that no longer
   * exists, which no page of this build links).
   */
  const toAssetAnswer = async (request: StaticRequest, path: string): Promise<Answer> => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    const file = read ? await files.get(path) : undefined;
    if (file) return toFileAnswer(file, {}, request.acceptEncoding);
    if (!read && (await files.has(path)))
      return toTextAnswer(405, 'text/plain; charset=utf-8', '405 Method Not Allowed\n', { allow: 'GET, HEAD' });
    return { status: 404, headers: { ...toAssetHeaders(path), 'content-length': '0' }, body: null };
  };
  const exists = async (path: string) => (await files.has(REWRITES[path] ?? path)) || (await files.has(toHtmlPath(path)));

  return async (request) => {
    const rawPath = request.path;
    const wantsMarkdown = toVariant(request.accept) === 'markdown';
    const path = toSafePath(rawPath);
    // One answer to "which 404": markdown when asked for by Accept or by a `.md` name, refused paths included.
    const missing = (shown: string) => notFound(request, shown, wantsMarkdown || isMarkdownName(path ?? rawPath));
    if (path === undefined) return missing(rawPath);
    if (isAssetPath(path)) return toAssetAnswer(request, path);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      if (!(await exists(path))) return missing(path);
      if (request.method === 'OPTIONS') return toDocumentOptions(request.preflight === true);
      if (path.startsWith(PATHS.apiPrefix))
        throw createProblemError(config.errors, 'method_not_allowed', { headers: { allow: DOCUMENT_METHODS } });
      return toTextAnswer(405, 'text/plain; charset=utf-8', '405 Method Not Allowed\n', { allow: DOCUMENT_METHODS });
    }

    const direct = await files.get(REWRITES[path] ?? path);
    if (direct) {
      const headers: HeaderRecord = {};
      const pagePath = toPagePath(path);
      if (path.endsWith('.md') && (await files.has(toHtmlPath(pagePath)))) twinHeaders(config, headers, pagePath);
      return toFileAnswer(direct, headers, request.acceptEncoding);
    }

    if (path.length > 1 && path.endsWith('/')) {
      const trimmed = path.replace(/\/+$/, '');
      if (await files.has(toHtmlPath(trimmed))) return { status: 308, headers: { location: trimmed, 'content-length': '0' }, body: null };
      return missing(path);
    }

    // A page: the variant asked for, read alone (one asset fetch in the worker), the other checked only when needed.
    const pageMarkdown = toPageVariant(request.accept, request.userAgent, config.isAiAgent) === 'markdown';
    const twinPath = toTwinPath(path);
    const headers: HeaderRecord = {};
    const twin = pageMarkdown ? await files.get(twinPath) : undefined;
    if (twin) {
      // Both variants carry the Vary, or a shared cache hands markdown to browsers (RFC 9110 §12.5.5).
      headers.vary = PAGE_VARY;
      headers['content-location'] = twinPath;
      return { ...toFileAnswer(twin, twinHeaders(config, headers, path), request.acceptEncoding), variant: 'markdown' };
    }
    const html = await files.get(toHtmlPath(path));
    if (!html) return missing(path);
    if (!pageMarkdown && (await files.has(twinPath))) {
      headers.vary = PAGE_VARY;
      headers.link = toPageLinks(config.baseUrl, path);
      return { ...toFileAnswer(html, headers, request.acceptEncoding), variant: 'html' };
    }
    return toFileAnswer(html, headers, request.acceptEncoding);
  };
}
