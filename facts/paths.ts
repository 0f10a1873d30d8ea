/** Every public path of the interface (contract ENDPOINT-2 to ENDPOINT-13), defined once, imported by pages, generators, proxy, tests. */
export const PATHS = {
  home: '/',
  openapi: '/openapi.json',
  health: '/api/health',
  healthV1: '/api/v1/health',
  apiPrefix: '/api/',
  devCatalog: '/api/catalog',
  /** Search of the docs for agents (GET with `q`, `limit`, `section`), answered by the edge from the build's index. */
  search: '/api/search',
  /** Where people and agents send a report on a page (POST), and the operator reads them (GET): under it, a report's status, `gaps` and `traffic`. */
  feedback: '/api/feedback',
  /** The operator's page: feedback per page, the questions search could not answer, agent traffic (signed in as the Try it panel signs in). */
  feedbackView: '/feedback',
  /** Where the build writes the search index (runtime/search): the edge answers /api/search from it and the docs' search box reads it in the browser. Public, not documentation. */
  searchIndex: '/search-index',
  mcpManifest: '/.well-known/mcp.json',
  apiCatalog: '/.well-known/api-catalog',
  apiCatalogJson: '/.well-known/api-catalog.json',
  protectedResource: '/.well-known/oauth-protected-resource',
  protectedResourceMcp: '/.well-known/oauth-protected-resource/mcp',
  protectedResourceWellKnownMcp: '/.well-known/oauth-protected-resource/.well-known/mcp',
  toolsJson: '/mcp/tools.json',
  /** The MCP server card (SEP-2127's server card, at the address Mintlify and Cloudflare serve it). */
  mcpServerCard: '/.well-known/mcp/server-card.json',
  /** The MCP Registry's server.json for this server (its remote endpoint), as a document anyone can fetch. */
  mcpServerJson: '/.well-known/mcp/server.json',
  /** The AI Catalog (Agentic Resource Discovery, specVersion 1.0): the agentic resources this site offers, each with where to fetch it. */
  aiCatalog: '/.well-known/ai-catalog.json',
  /** Agent Skills discovery index (Agent Skills Discovery 0.2.0, an RFC 8615 well-known address). */
  agentSkillsIndex: '/.well-known/agent-skills/index.json',
  cliDoc: '/docs/cli',
  mcp: '/mcp',
  /** The page a browser or agent gets for a GET of the MCP endpoint (its HTML at `.html`, its twin at `.md`). */
  mcpEndpointPage: '/mcp/connect',
  mcpWellKnown: '/.well-known/mcp',
  /** The docs MCP server (Streamable HTTP): the docs tools and every page's twin as a resource, public, answered by the edge. */
  mcpDocs: '/mcp/docs',
  /**
   * The docs MCP server's server card, where the server card extension reserves it: its Streamable HTTP URL +
   * `/server-card` (experimental-ext-server-card, "Hosted Server Card Location").
   */
  mcpDocsServerCard: '/mcp/docs/server-card',
  /** The MCP Registry's server.json for the docs MCP server, beside its card. */
  mcpDocsServerJson: '/mcp/docs/server.json',
  llms: '/llms.txt',
  llmsFull: '/llms-full.txt',
  install: '/install',
  /** The Windows installer, for `irm <base_url>/install.ps1 | iex`. */
  installPs1: '/install.ps1',
  /** The sitemap with every page and its last-updated date (sitemaps.org 0.9); `/sitemap-index.xml` names it. */
  sitemap: '/sitemap.xml',
  /** Astro's sitemap index (@astrojs/sitemap, which Starlight adds), kept for whoever learned its address. */
  sitemapIndex: '/sitemap-index.xml',
  /** Every page's markdown twin as one markdown list, by section: the sitemap for agents that read markdown. */
  sitemapMd: '/sitemap.md',
  robots: '/robots.txt',
  favicon: '/favicon.svg',
  faviconIco: '/favicon.ico',
  errorsDoc: '/docs/errors',
  connectMcpDoc: '/docs/connect-mcp',
  /** The page on the published documents, whose Feedback section says how agents report a page. */
  discoveryDoc: '/docs/discovery',
  /** RFC 8414 §3: where an authorization server publishes its metadata, under its issuer. */
  authorizationServerMetadata: '/.well-known/oauth-authorization-server',
  authenticationDoc: '/docs/authentication',
  apiReference: '/docs/reference/endpoints',
  toolsReference: '/docs/tools',
  demo: '/docs/demo',
  /** The Try it page: what the panel does, sign-in state, and where the sign-in returns (the docs client's redirect URI). */
  tryIt: '/docs/try-it',
  buildInfo: '/_build.json',
  /** Build-internal: every page the llms files list, in order, with title, description and section; read after the twins exist, then removed. */
  pageList: '/page-list.json',
  cdnHeaders: '/_headers',
  cdnRedirects: '/_redirects',
  /** Files Workers Static Assets must not upload (gitignore syntax). */
  assetsIgnore: '/.assetsignore',
} as const;

/**
 * Where the CDN answers from its asset store alone, without the edge (Workers Static Assets: outside
 * `run_worker_first`): Astro's hashed build assets, the search index's files and the favicons, which browsers fetch on
 * every page view, and whose answers depend on the path alone, so `_headers` can say all of them. Every other path
 * is answered by the edge on every door, so its headers are decided once (proxy/plan/).
 */
export const ASSET_PREFIXES: readonly string[] = ['/_astro/', `${PATHS.searchIndex}/`];
export const ASSET_FILES: readonly string[] = [PATHS.favicon, PATHS.faviconIco];

/** Whether the CDN serves a path from its asset store without the edge (ASSET_PREFIXES, ASSET_FILES). */
export function isAssetPath(path: string): boolean {
  return ASSET_FILES.includes(path) || ASSET_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * Pages the site serves that are no page of the docs (the operator's feedback page): in no page list (llms.txt, the
 * sitemaps, the search index), and asking search engines not to index them.
 */
export const UNLISTED_PAGES: readonly string[] = [PATHS.feedbackView];

/** Where the demo sandbox serves the CLI release (it stands in for the release host of `cli.release_archive`). */
export const RELEASES_PATH = '/releases/cli';

/** The health document's two paths (contract HEALTH-1, VERSION-1: the versioned alias). */
export const HEALTH_PATHS: readonly string[] = [PATHS.health, PATHS.healthV1];

/** The two same-host JSON-RPC paths (contract ENDPOINT-10, ENDPOINT-11). */
export const MCP_PATHS: readonly string[] = [PATHS.mcp, PATHS.mcpWellKnown];

/**
 * Paths whose file cannot sit at the path itself, because the path is also a folder
 * (RFC 9728 §3.1 path insertion puts `/mcp` under the root metadata document).
 * A CDN gets these as `200` rewrites (`_redirects`); the edge server applies the same table.
 */
export const REWRITES: Readonly<Record<string, string>> = {
  [PATHS.protectedResource]: `${PATHS.protectedResource}/index.json`,
};

/** `/docs/x` → `/docs/x.md`, `/` → `/index.md`: the markdown twin of an HTML page path. */
export function toTwinPath(pagePath: string): string {
  if (pagePath === '/' || pagePath === '') return '/index.md';
  return `${pagePath.replace(/\/$/, '').replace(/\.html$/, '')}.md`;
}

/** `/docs/x.md` → `/docs/x`, `/index.md` → `/`: the HTML page a twin belongs to. */
export function toPagePath(twinPath: string): string {
  if (twinPath === '/index.md') return '/';
  return twinPath.replace(/\.md$/, '');
}

/**
 * `/docs/x.html` → `/docs/x`, `/index.html` → `/` (also inside a full URL, keeping any `#fragment`): the public
 * address of a page of this build, which writes `build.format: 'file'` pages but serves them without `.html`.
 */
export function toPublicPath(href: string): string {
  return href.replace(/(^|\/)index\.html(?=$|[#?])/, '$1').replace(/\.html(?=$|[#?])/, '');
}

/** Joins a base URL (no trailing slash) and an absolute path. */
export function toUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/$/, '')}${path}`;
}

/** `getHealthV1` → `get-health-v1`: the kebab-case slug of an operationId. */
export function toOperationSlug(operationId: string): string {
  return operationId.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** `getHealth` → `/docs/reference/get-health`: the reference page of one operation. */
export function toOperationPath(operationId: string): string {
  return `/docs/reference/${toOperationSlug(operationId)}`;
}

/** `get_run` → `/docs/tools/get_run`: the reference page of one MCP tool (its name, as clients call it). */
export function toToolPath(name: string): string {
  return `${PATHS.toolsReference}/${name}`;
}

/** `warden` → `/.well-known/agent-skills/warden/SKILL.md`: where one Agent Skill is served (Agent Skills Discovery 0.2.0 URI structure). */
export function toSkillPath(name: string): string {
  return `/.well-known/agent-skills/${name}/SKILL.md`;
}

/**
 * `warden` → `skill://warden/SKILL.md`: the URI of a skill's SKILL.md as MCP resource, in the shape the SDK's skills
 * extension gives it (`skill://<skill path>/SKILL.md`). A scheme of its own, not the https address, because the text
 * is read through the server (MCP resources, Common URI Schemes: https only for what clients fetch themselves).
 */
export function toSkillUri(name: string): string {
  return `skill://${encodeURIComponent(name)}/SKILL.md`;
}

/** The `type` URL of a problem code: its anchored section on the errors page (RFC 9457 §3.1.1). */
export function toProblemTypeUrl(baseUrl: string, code: string): string {
  return toUrl(baseUrl, `${PATHS.errorsDoc}#${code.replace(/_/g, '-')}`);
}
