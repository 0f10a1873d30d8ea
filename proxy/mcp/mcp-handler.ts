import type { H3Event } from 'h3';
import type { VerifyAccessToken } from '../../runtime/auth/access-token.ts';
import { McpError } from '../../runtime/mcp/mcp-error.ts';
import type { AppConfig } from '../config.ts';
import type { Forwarder } from '../forward/forwarder.ts';
import type { Note, NoteRequest } from '../observability/request-facts.ts';
import { admitMcpRequest } from './admit.ts';
import { addCorsHeaders, requireAllowedOrigin, toPreflightResponse } from './cors.ts';
import { toMcpFailureResponse } from './failure-answer.ts';
import { forwardUpstream } from './forward-upstream.ts';
import { readLimitedBody } from './read-body.ts';
import { isEndpointPageRequest } from './endpoint-page.ts';

/** What the MCP route needs injected: how to reach the upstream, and (optionally) how to verify tokens. */
export interface McpDeps {
  forward: Forwarder;
  verifyToken?: VerifyAccessToken;
  note?: NoteRequest;
  /** The endpoint's page, for a GET or HEAD that is no MCP client's (proxy/mcp/endpoint-page.ts); without it such a GET is forwarded. */
  page?: (request: Request) => Promise<Response>;
}

/** The HTTP methods of the MCP paths (MCP Streamable HTTP; OPTIONS for CORS preflights). */
export const MCP_METHODS = 'GET, POST, DELETE, OPTIONS';

/**
 * The same-host MCP endpoint on `/mcp` and `/.well-known/mcp` (contract §4.2). It reads as the steps it takes:
 * check the origin, read the message, check its headers, check the credential (proxy/mcp/admit.ts), forward.
 * Every refusal is an McpError; a refusal or a failure inside is answered by proxy/mcp/failure-answer.ts. On Node, POSTs take
 * the same steps in node:http's terms (proxy/node/mcp-fast-path.ts).
 */
export function createMcpHandler(config: AppConfig, deps: McpDeps): (event: H3Event) => Promise<Response> {
  return async (event) => {
    const request = event.req;
    const origin = request.headers.get('origin');
    const note: Note = (facts) => deps.note?.(request, facts);
    try {
      requireAllowedOrigin(config, origin);
      if (request.method === 'OPTIONS')
        return origin ? toPreflightResponse(origin) : new Response(null, { status: 204, headers: { allow: MCP_METHODS } });
      if (deps.page && isEndpointPageRequest(request.method, request.headers.get('accept'))) return await deps.page(request);
      if (!['GET', 'POST', 'DELETE'].includes(request.method)) {
        throw new McpError('ERR_MCP_METHOD_NOT_ALLOWED', `${request.method} is not used on the MCP endpoint.`, {
          headers: { allow: MCP_METHODS },
        });
      }
      const input = { method: request.method, headers: request.headers, readBody: (limit: number) => readLimitedBody(request, limit) };
      const { body, id } = await admitMcpRequest(config, deps.verifyToken, input, note);
      const requestId = event.context.requestId as string | undefined;
      const response = await forwardUpstream(config, deps.forward, request, body, id, { requestId, note });
      addCorsHeaders(response.headers, origin);
      return response;
    } catch (error) {
      // The client left (its request signal aborted): nobody reads this answer.
      if (!(error instanceof McpError) && request.signal.aborted) return new Response(null, { status: 499 });
      return toMcpFailureResponse(config, error, origin, note);
    }
  };
}
