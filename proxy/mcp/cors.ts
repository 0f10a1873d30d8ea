import type { AppConfig } from '../config.ts';

/** Request headers a browser MCP client may send (MCP Streamable HTTP headers, the TypeScript SDK's CORS example). */
const ALLOW_HEADERS = 'Authorization, Content-Type, Accept, MCP-Protocol-Version, Mcp-Session-Id, Mcp-Method, Mcp-Name, Last-Event-ID';
/** Response headers a browser MCP client must be able to read (MCP Streamable HTTP). */
const EXPOSE_HEADERS = 'Mcp-Session-Id, WWW-Authenticate, MCP-Protocol-Version';

/** Whether a present Origin may call the MCP paths: this host's own origin or one listed in ALLOWED_ORIGINS. */
export function isAllowedOrigin(config: AppConfig, origin: string): boolean {
  return origin === new URL(config.baseUrl).origin || config.allowedOrigins.includes(origin);
}

/** Adds the CORS response headers for an allowed browser origin. */
export function addCorsHeaders(headers: Headers, origin: string | null): Headers {
  if (!origin) return headers;
  headers.set('access-control-allow-origin', origin);
  headers.set('access-control-expose-headers', EXPOSE_HEADERS);
  headers.append('vary', 'Origin');
  return headers;
}

/** The answer to a CORS preflight from an allowed origin (Fetch standard §3.2.2). */
export function toPreflightResponse(origin: string): Response {
  const headers = addCorsHeaders(new Headers(), origin);
  headers.set('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
  headers.set('access-control-allow-headers', ALLOW_HEADERS);
  headers.set('access-control-max-age', '600');
  return new Response(null, { status: 204, headers });
}
