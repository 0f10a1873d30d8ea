import { PATHS } from '../facts/paths.ts';
import type { DocumentKind } from '../facts/traffic-labels.ts';
import type { Answer } from './plan/plan.ts';
import { isMcpRoute, type RouteKind } from './routes.ts';

/** Documents that describe the interface for machines: OpenAPI, catalogs, manifests, the sitemaps, robots.txt. */
const DESCRIPTIONS: ReadonlySet<string> = new Set([
  PATHS.openapi,
  PATHS.toolsJson,
  PATHS.mcpDocsServerCard,
  PATHS.mcpDocsServerJson,
  PATHS.devCatalog,
  PATHS.robots,
  PATHS.sitemap,
  PATHS.sitemapIndex,
  PATHS.sitemapMd,
]);
/** The sitemaps Astro's sitemap integration writes beside its index (`/sitemap-0.xml`, …). */
const SITEMAP_PART = /^\/sitemap-\d+\.xml$/;
const INSTALLERS: ReadonlySet<string> = new Set([PATHS.install, PATHS.installPs1]);
/** llms.txt and llms-full.txt at any folder, and their numbered parts (documents/to-llms-sections.ts names them). */
const LLMS_FILE = /\/llms(?:-full)?(?:-\d+)?\.txt$/;

/**
 * What kind of document a request read, for the traffic counts: by its route (search, the MCP endpoints and the docs
 * MCP server), else, for an answer of the static route that sent a document (2xx), by the page's negotiated variant,
 * then by its path. An answer that sent none (a 404, a redirect, a refused method) is `other`: nothing was read.
 * `answer` is absent for a forwarded MCP request.
 */
export function toDocumentKind(route: RouteKind, path: string, answer: Answer | undefined): DocumentKind {
  if (route === 'search') return 'search';
  if (isMcpRoute(route)) return 'mcp';
  if ((route !== 'static' && route !== 'api') || !answer || answer.status < 200 || answer.status >= 300) return 'other';
  if (answer.variant) return answer.variant === 'markdown' ? 'twin' : 'page';
  if (DESCRIPTIONS.has(path) || path.startsWith('/.well-known/') || SITEMAP_PART.test(path)) return 'well-known';
  if (INSTALLERS.has(path)) return 'installer';
  if (LLMS_FILE.test(path)) return 'llms';
  // A page or twin named by its file (`/docs/x.md`, `/docs/x.html`); the markdown files of .well-known/ are above.
  if (path.endsWith('.md')) return 'twin';
  return answer.headers['content-type']?.startsWith('text/html') ? 'page' : 'other';
}
