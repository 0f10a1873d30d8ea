import { HEALTH_PATHS, MCP_PATHS, PATHS } from '../facts/paths.ts';

/**
 * The edge's one route table: which route answers a request path. Every door plans with it
 * (proxy/create-answerer.ts), and the metrics, the error envelope, the dev server and the CDN's rules
 * (documents/to-cdn-rules.ts) read it: who answers a path is decided here and nowhere else.
 *
 * - `health`: the health document (contract HEALTH-1, VERSION-1), GET and HEAD.
 * - `mcp`: the same-host JSON-RPC endpoints (contract ENDPOINT-10, ENDPOINT-11), every method.
 * - `docs-mcp`: the docs MCP server (`/mcp/docs`), answered here from the build: public, never forwarded. Exact
 *   path, as every named row: `/mcp/tools.json`, `/mcp/connect` and the docs server's card below it are files.
 * - `search`: the docs' search for agents (`GET /api/search?q=…`), an addition to the public discovery surface
 *   and public like it (contract AUTH-1).
 * - `feedback`: what people and agents tell the docs (`/api/feedback`, a report's status under it) and the operator's
 *   view of it (`/api/feedback/gaps`, `/api/feedback/traffic`); the only routes that write.
 * - `api`: any other path under `/api/`: an RFC 9457 problem (contract PROBLEM-1).
 * - `static`: everything else: the prebuilt site, negotiated on Accept (contract NEGOTIATE-1, NEGOTIATE-2), or its 404 page.
 */
export type RouteKind = 'health' | 'mcp' | 'docs-mcp' | 'search' | 'feedback' | 'api' | 'static';

/** One row of the table: the paths or the prefix it answers. */
export interface Route {
  kind: RouteKind;
  paths?: readonly string[];
  prefix?: string;
}

/** In order: the first row that holds a path answers it. */
export const ROUTES: readonly Route[] = [
  { kind: 'health', paths: HEALTH_PATHS },
  { kind: 'mcp', paths: MCP_PATHS },
  { kind: 'docs-mcp', paths: [PATHS.mcpDocs] },
  { kind: 'search', paths: [PATHS.search] },
  { kind: 'feedback', paths: [PATHS.feedback] },
  { kind: 'feedback', prefix: `${PATHS.feedback}/` },
  { kind: 'api', prefix: PATHS.apiPrefix },
  { kind: 'static', prefix: '/' },
];

const STATIC = ROUTES.at(-1)!;

/** Whether a route kind is an MCP endpoint: JSON-RPC errors, its own Origin rule and CORS headers (MCP Streamable HTTP). */
export const isMcpRoute = (kind: RouteKind): boolean => kind === 'mcp' || kind === 'docs-mcp';

/** A request path percent-decoded (RFC 3986 §2.1: `/mc%70` is `/mcp`); one that does not decode stays as it is. */
function toDecodedPath(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    // Malformed percent-encoding: no named path has it, so a prefix row (at last the static one, and its 404) answers.
    return path;
  }
}

/** A request path as the table matches named paths: percent-decoded, one trailing slash dropped. */
export function toRouteKey(path: string): string {
  const decoded = toDecodedPath(path);
  return decoded.length > 1 && decoded.endsWith('/') ? decoded.slice(0, -1) : decoded;
}

/**
 * The route of a request path (no query). Named paths are matched decoded with one trailing slash dropped (`/mcp/`
 * is the endpoint too); prefixes against the decoded path as it is (`/api/` is under `/api/`).
 */
export function toRoute(path: string): Route {
  const decoded = toDecodedPath(path);
  const key = toRouteKey(path);
  for (const route of ROUTES) {
    if (route.paths ? route.paths.includes(key) : decoded.startsWith(route.prefix!)) return route;
  }
  return STATIC;
}
