import type { H3Event } from 'h3';
import { PATHS, REWRITES, toPagePath, toTwinPath } from '../../facts/paths.ts';
import type { AppConfig } from '../config.ts';
import { createProblemError } from '../errors/http-errors.ts';
import { toAnswerResponse, toFileAnswer, type HeaderRecord, type StaticAnswer } from './file-answer.ts';
import { toVariant } from './negotiate.ts';
import { toSafePath } from './safe-path.ts';
import { toAgentLinks, toPageLinks, toTwinLinks } from './agent-links.ts';
import type { SiteFiles, StaticFile } from './static-files.ts';
import type { NoteRequest } from '../observability/request-facts.ts';

/** The parts of a request a static answer depends on. */
export interface StaticRequest {
  method: string;
  /** The request path as received (percent-encoded). */
  path: string;
  accept: string | null | undefined;
  acceptEncoding: string | null | undefined;
}

/** What the static handler answers for a request, before 304 and HEAD (applied on writing: file-answer.ts). */
export type StaticPlanner = (request: StaticRequest) => Promise<StaticAnswer>;

/**
 * Headers of every static answer: public documents (contract §5: no credential), and the agent links
 * (proxy/static/agent-links.ts; RFC 9727 §3 has the catalog itself carry rel="api-catalog", as every answer does).
 */
function baseHeaders(config: AppConfig): HeaderRecord {
  return { 'access-control-allow-origin': '*', link: toAgentLinks(config.baseUrl) };
}

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

const plain = (status: number, text: string, headers: HeaderRecord = {}): StaticAnswer => ({
  status,
  headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' },
  body: new TextEncoder().encode(text),
});

/**
 * Plans the answers for dist (from memory on Node, from the asset store in the worker): files, negotiated pages and
 * twins (contract §4.3), markdown or HTML 404s. Throws the problem errors of `/api/*` paths for the app's renderer.
 */
export function createStaticPlanner(config: AppConfig, files: SiteFiles): StaticPlanner {
  const notFound = async (request: StaticRequest, path: string, markdown: boolean): Promise<StaticAnswer> => {
    if (path.startsWith(PATHS.apiPrefix)) {
      throw createProblemError(config.errors, 'not_found', { detail: `No API operation is published at ${path}.` });
    }
    const page: StaticFile | undefined = await files.get(markdown ? '/404.md' : '/404.html');
    const headers = baseHeaders(config);
    headers.vary = 'Accept';
    if (!page) return plain(404, '404 Not Found\n', { vary: 'Accept' });
    if (markdown) headers['x-robots-tag'] = 'noindex';
    return toFileAnswer(page, headers, request.acceptEncoding, 404);
  };

  return async (request) => {
    const rawPath = request.path;
    const wantsMarkdown = toVariant(request.accept) === 'markdown';
    const path = toSafePath(rawPath);
    // One answer to "which 404": markdown when asked for by Accept or by a `.md` name, refused paths included.
    const missing = (shown: string) => notFound(request, shown, wantsMarkdown || isMarkdownName(path ?? rawPath));
    if (path === undefined) return missing(rawPath);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const exists = (await files.has(REWRITES[path] ?? path)) || (await files.has(toHtmlPath(path)));
      if (!exists) return missing(path);
      if (path.startsWith(PATHS.apiPrefix))
        throw createProblemError(config.errors, 'method_not_allowed', { headers: { allow: 'GET, HEAD' } });
      return plain(405, '405 Method Not Allowed\n', { allow: 'GET, HEAD' });
    }

    const direct = await files.get(REWRITES[path] ?? path);
    if (direct) {
      const headers = baseHeaders(config);
      const pagePath = toPagePath(path);
      if (path.endsWith('.md') && (await files.has(toHtmlPath(pagePath)))) twinHeaders(config, headers, pagePath);
      return toFileAnswer(direct, headers, request.acceptEncoding);
    }

    if (path.length > 1 && path.endsWith('/')) {
      const trimmed = path.replace(/\/+$/, '');
      if (await files.has(toHtmlPath(trimmed))) return { status: 308, headers: { ...baseHeaders(config), location: trimmed }, body: null };
      return missing(path);
    }

    // A page: the variant asked for, read alone (one asset fetch in the worker), the other checked only when needed.
    const twinPath = toTwinPath(path);
    const headers = baseHeaders(config);
    const twin = wantsMarkdown ? await files.get(twinPath) : undefined;
    if (twin) {
      // Both variants carry Vary: Accept, or a shared cache hands markdown to browsers (RFC 9110 §12.5.5).
      headers.vary = 'Accept';
      headers['content-location'] = twinPath;
      return { ...toFileAnswer(twin, twinHeaders(config, headers, path), request.acceptEncoding), variant: 'markdown' };
    }
    const html = await files.get(toHtmlPath(path));
    if (!html) return missing(path);
    if (!wantsMarkdown && (await files.has(twinPath))) {
      headers.vary = 'Accept';
      headers.link = toPageLinks(config.baseUrl, path);
      return { ...toFileAnswer(html, headers, request.acceptEncoding), variant: 'html' };
    }
    return toFileAnswer(html, headers, request.acceptEncoding);
  };
}

/** The app's catch-all route: the planner's answer as a web Response. */
export function createStaticHandler(planner: StaticPlanner, note?: NoteRequest): (event: H3Event) => Promise<Response> {
  return async (event) => {
    const request = event.req;
    const answer = await planner({
      method: request.method,
      path: event.url.pathname,
      accept: request.headers.get('accept'),
      acceptEncoding: request.headers.get('accept-encoding'),
    });
    if (answer.variant) note?.(request, { variant: answer.variant });
    return toAnswerResponse(answer, request);
  };
}
