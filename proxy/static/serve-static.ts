import type { H3Event } from 'h3';
import { PATHS, REWRITES, toPagePath, toTwinPath, toUrl } from '../../src/lib/paths.ts';
import type { AppConfig } from '../config.ts';
import { createProblemError } from '../errors/http-errors.ts';
import { toFileResponse } from './file-response.ts';
import { toVariant } from './negotiate.ts';
import { toSafePath } from './safe-path.ts';
import type { StaticFile, StaticFiles } from './static-files.ts';
import type { Observe } from '../observe.ts';

const API_CATALOG_PATHS = new Set<string>([PATHS.apiCatalog, PATHS.apiCatalogJson, PATHS.home]);

function baseHeaders(config: AppConfig, path: string): Headers {
  const headers = new Headers({ 'access-control-allow-origin': '*' }); // public documents (contract §5: no credential)
  // RFC 9727 §3: GET and HEAD of the catalog (and the home page, for discovery) carry rel="api-catalog".
  if (API_CATALOG_PATHS.has(path)) headers.append('link', `<${toUrl(config.baseUrl, PATHS.apiCatalog)}>; rel="api-catalog"`);
  return headers;
}

function twinHeaders(config: AppConfig, headers: Headers, pagePath: string): Headers {
  // A twin is a second copy of a page: point search engines at the HTML (RFC 6596 canonical link).
  headers.append('link', `<${toUrl(config.baseUrl, pagePath)}>; rel="canonical"`);
  headers.set('x-robots-tag', 'noindex');
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

/** Serves dist from memory: files, negotiated pages and twins (contract §4.3), markdown or HTML 404s. */
export function createStaticHandler(config: AppConfig, files: StaticFiles, observe?: Observe): (event: H3Event) => Response {
  const notFound = (request: Request, path: string, markdown: boolean): Response => {
    if (path.startsWith(PATHS.apiPrefix)) {
      throw createProblemError(config.errors, 'not_found', { detail: `No API operation is published at ${path}.` });
    }
    const page: StaticFile | undefined = markdown ? files.get('/404.md') : files.get('/404.html');
    const headers = baseHeaders(config, path);
    headers.set('vary', 'Accept');
    if (!page) return new Response('404 Not Found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', vary: 'Accept' } });
    if (markdown) headers.set('x-robots-tag', 'noindex');
    return toFileResponse(request, page, headers, 404);
  };

  return (event) => {
    const request = event.req;
    const rawPath = event.url.pathname;
    const wantsMarkdown = toVariant(request.headers.get('accept')) === 'markdown';
    const path = toSafePath(rawPath);
    // One answer to "which 404": markdown when asked for by Accept or by a `.md` name, refused paths included.
    const missing = (shown: string) => notFound(request, shown, wantsMarkdown || isMarkdownName(path ?? rawPath));
    if (path === undefined) return missing(rawPath);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const exists = files.has(REWRITES[path] ?? path) || files.has(toHtmlPath(path));
      if (!exists) return missing(path);
      if (path.startsWith(PATHS.apiPrefix)) throw createProblemError(config.errors, 'method_not_allowed', { headers: { allow: 'GET, HEAD' } });
      return new Response('405 Method Not Allowed\n', { status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' } });
    }

    const direct = files.get(REWRITES[path] ?? path);
    if (direct) {
      const headers = baseHeaders(config, path);
      const pagePath = toPagePath(path);
      if (path.endsWith('.md') && files.has(toHtmlPath(pagePath))) twinHeaders(config, headers, pagePath);
      return toFileResponse(request, direct, headers);
    }

    if (path.length > 1 && path.endsWith('/')) {
      const trimmed = path.replace(/\/+$/, '');
      if (files.has(toHtmlPath(trimmed))) return new Response(null, { status: 308, headers: { location: trimmed } });
      return missing(path);
    }

    const html = files.get(toHtmlPath(path));
    if (!html) return missing(path);
    const twinPath = toTwinPath(path);
    const twin = files.get(twinPath);
    const headers = baseHeaders(config, path);
    if (!twin) return toFileResponse(request, html, headers);
    // Both variants carry Vary: Accept, or a shared cache hands markdown to browsers (RFC 9110 §12.5.5).
    headers.set('vary', 'Accept');
    observe?.(request, { variant: wantsMarkdown ? 'markdown' : 'html' });
    if (!wantsMarkdown) {
      headers.append('link', `<${toUrl(config.baseUrl, twinPath)}>; rel="alternate"; type="text/markdown"`);
      return toFileResponse(request, html, headers);
    }
    headers.set('content-location', twinPath);
    return toFileResponse(request, twin, twinHeaders(config, headers, path));
  };
}
