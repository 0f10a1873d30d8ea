import { McpError } from '../../runtime/mcp/mcp-error.ts';
import type { AppConfig } from '../config.ts';
import type { Answer, HeaderRecord } from '../plan/plan.ts';

/** Request headers a browser MCP client may send (MCP Streamable HTTP headers, the TypeScript SDK's CORS example). */
const ALLOW_HEADERS = 'Authorization, Content-Type, Accept, MCP-Protocol-Version, Mcp-Session-Id, Mcp-Method, Mcp-Name, Last-Event-ID';
/** Response headers a browser MCP client must be able to read (MCP Streamable HTTP). */
const EXPOSE_HEADERS = 'Mcp-Session-Id, WWW-Authenticate, MCP-Protocol-Version';

/** Whether a present Origin may call the MCP paths: this host's own origin or one listed in ALLOWED_ORIGINS. */
export function isAllowedOrigin(config: AppConfig, origin: string): boolean {
  return origin === new URL(config.baseUrl).origin || config.allowedOrigins.includes(origin);
}

/** MCP Streamable HTTP: a present Origin that is not ours → 403, against DNS rebinding. */
export function requireAllowedOrigin(config: AppConfig, origin: string | null): void {
  if (origin !== null && !isAllowedOrigin(config, origin))
    throw new McpError('ERR_MCP_ORIGIN_FORBIDDEN', 'Requests from this Origin are not allowed.');
}

/** The CORS response headers for an allowed browser origin (none without one); they vary by Origin. */
export function toCorsHeaders(origin: string | null): Record<string, string> {
  return origin ? { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSE_HEADERS, vary: 'Origin' } : {};
}

/** The answer to a CORS preflight from an allowed origin (Fetch standard §3.2.2). */
export function toPreflightAnswer(origin: string): Answer {
  const headers: HeaderRecord = {
    ...toCorsHeaders(origin),
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers': ALLOW_HEADERS,
    'access-control-max-age': '600',
  };
  return { status: 204, headers, body: null };
}
