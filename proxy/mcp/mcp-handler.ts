import type { H3Event } from 'h3';
import type { VerifyAccessToken } from '../../runtime/auth/access-token.ts';
import { McpError, toMcpErrorResponse } from '../../runtime/mcp/mcp-error.ts';
import type { AppConfig } from '../config.ts';
import type { Forwarder } from '../forward/forwarder.ts';
import type { Observe } from '../observe.ts';
import { addCorsHeaders, isAllowedOrigin, toPreflightResponse } from './cors.ts';
import { forwardUpstream } from './forward-upstream.ts';
import { needsToken, requireAccess } from './gate.ts';
import { requireMatchingHeaders } from './header-match.ts';
import { readMessage, toMessageId } from './read-message.ts';

/** What the MCP route needs injected: how to reach the upstream, and (optionally) how to verify tokens. */
export interface McpDeps {
  forward: Forwarder;
  verifyToken?: VerifyAccessToken;
  observe?: Observe;
}

/** A refusal's cause in a few words for the log: `ERR_JWKS_UNAVAILABLE: ECONNREFUSED` (fetch keeps the code in its own cause). */
function toCauseText(error: McpError): string {
  const cause = error.cause as { code?: string; message?: string; cause?: { code?: string } } | undefined;
  return `${error.code}: ${cause?.cause?.code ?? cause?.code ?? cause?.message ?? 'unknown'}`.slice(0, 300);
}

/** The HTTP methods of the MCP paths (MCP Streamable HTTP; OPTIONS for CORS preflights). */
export const MCP_METHODS = 'GET, POST, DELETE, OPTIONS';

/**
 * The same-host MCP endpoint on `/mcp` and `/.well-known/mcp` (contract §4.2). It reads as the steps it takes:
 * check the origin, read the message, check its headers, check the credential, forward. Every refusal is an
 * McpError, answered by the one renderer (runtime/mcp/mcp-error.ts).
 */
export function createMcpHandler(config: AppConfig, deps: McpDeps): (event: H3Event) => Promise<Response> {
  return async (event) => {
    const request = event.req;
    const origin = request.headers.get('origin');
    let id: string | number | null = null;
    try {
      // MCP Streamable HTTP: a present Origin that is not ours → 403, against DNS rebinding.
      if (origin !== null && !isAllowedOrigin(config, origin)) throw new McpError('ERR_MCP_ORIGIN_FORBIDDEN', 'Requests from this Origin are not allowed.');
      if (request.method === 'OPTIONS') return origin ? toPreflightResponse(origin) : new Response(null, { status: 204, headers: { allow: MCP_METHODS } });
      if (!['GET', 'POST', 'DELETE'].includes(request.method)) {
        throw new McpError('ERR_MCP_METHOD_NOT_ALLOWED', `${request.method} is not used on the MCP endpoint.`, { headers: { allow: MCP_METHODS } });
      }
      const read = request.method === 'POST' ? await readMessage(request, config.bodyLimitBytes) : undefined;
      id = toMessageId(read?.message);
      if (read && read.message.kind !== 'response') {
        const tool = read.message.method === 'tools/call' ? (read.message.params as { name?: unknown } | undefined)?.name : undefined;
        deps.observe?.(request, { mcpMethod: read.message.method.slice(0, 100), tool: typeof tool === 'string' ? tool.slice(0, 100) : undefined });
      }
      // Headers before auth: a request whose headers and body disagree is malformed whoever sends it.
      if (read) requireMatchingHeaders(request.headers, read.message, id);
      if (needsToken(config, request, read?.message)) {
        try {
          await requireAccess(config, deps.verifyToken, request.headers.get('authorization'), id);
          if (deps.verifyToken) deps.observe?.(request, { token: 'valid' });
        } catch (error) {
          if (error instanceof McpError) deps.observe?.(request, { token: error.code });
          throw error;
        }
      }
      const requestId = event.context.requestId as string | undefined;
      const response = await forwardUpstream(config, deps.forward, request, read?.body ?? null, id, { requestId, observe: deps.observe });
      addCorsHeaders(response.headers, origin);
      return response;
    } catch (error) {
      if (!(error instanceof McpError)) {
        // The client left (its request signal aborted): nobody reads this answer.
        if (request.signal.aborted) return new Response(null, { status: 499 });
        throw error; // left to the app's onError: -32603 and nothing more
      }
      const response = toMcpErrorResponse(config.errors, error);
      if (response.status >= 500 && error.cause !== undefined) deps.observe?.(request, { cause: toCauseText(error) });
      if (error.code !== 'ERR_MCP_ORIGIN_FORBIDDEN') addCorsHeaders(response.headers, origin);
      return response;
    }
  };
}
