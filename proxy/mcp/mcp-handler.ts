import { HTTPError, type H3Event } from 'h3';
import { PATHS, toUrl } from '../../src/lib/paths.ts';
import type { AppConfig } from '../config.ts';
import type { VerifyToken } from '../auth/token-verifier.ts';
import { createRpcError } from '../errors/http-errors.ts';
import { toRpcErrorResponse } from '../errors/render-error.ts';
import { UpstreamError, type Forwarder } from '../forward/forwarder.ts';
import { addCorsHeaders, isAllowedOrigin, toPreflightResponse } from './cors.ts';
import { isPublicMessage, requireAccess } from './gate.ts';
import { requireMatchingHeaders } from './header-match.ts';
import { JsonRpcParseError, toJsonRpcMessage } from './json-rpc.ts';
import { BodyTooLargeError, readLimitedBody } from './read-body.ts';
import { toClientHeaders, toUpstreamHeaders } from './upstream-headers.ts';

/** What the MCP route needs injected: how to reach the upstream, and (optionally) how to verify tokens. */
export interface McpDeps {
  forward: Forwarder;
  verifyToken?: VerifyToken;
}

/** The same-host MCP endpoint on `/mcp` and `/.well-known/mcp` (contract §4.2): origin check, gate, then forward. */
export function createMcpHandler(config: AppConfig, deps: McpDeps): (event: H3Event) => Promise<Response> {
  const upstreamUrl = toUrl(config.appUrl, PATHS.mcp);
  const resourceMetadata = toUrl(config.baseUrl, PATHS.protectedResource);
  const { errors } = config;

  const handle = async (request: Request, origin: string | null): Promise<Response> => {
    const authorization = request.headers.get('authorization');
    let body: Uint8Array | null = null;
    if (request.method === 'POST') {
      try {
        body = await readLimitedBody(request, config.bodyLimitBytes);
      } catch (error) {
        if (error instanceof BodyTooLargeError) throw createRpcError(errors, -31413, { detail: `The body exceeds ${config.bodyLimitBytes} bytes.` });
        throw error;
      }
      let message;
      try {
        message = toJsonRpcMessage(body);
      } catch (error) {
        if (error instanceof JsonRpcParseError) throw createRpcError(errors, error.code, { detail: error.detail, id: error.id });
        throw error;
      }
      const id = message.kind === 'notification' ? null : message.id;
      // Headers before auth: a request whose headers and body disagree is malformed whoever sends it.
      requireMatchingHeaders(config, request.headers, message, id);
      await requireAccess(config, deps.verifyToken, authorization, !isPublicMessage(message, config.publicMethods), id);
    } else if (request.method === 'GET' || request.method === 'DELETE') {
      // The legacy GET stream and session DELETE carry no method to gate; a present token is still checked.
      await requireAccess(config, deps.verifyToken, authorization, false);
    } else {
      const invalid = createRpcError(errors, -32600, { detail: `${request.method} is not used on the MCP endpoint.` });
      throw new HTTPError({ status: 405, message: invalid.message, headers: { allow: 'GET, POST, DELETE, OPTIONS' }, data: invalid.data });
    }

    let upstream: Response;
    try {
      upstream = await deps.forward({ method: request.method, url: upstreamUrl, headers: toUpstreamHeaders(request.headers), body, signal: request.signal });
    } catch (error) {
      if (error instanceof UpstreamError) {
        throw createRpcError(errors, error.kind === 'timeout' ? -31504 : -31502, {
          detail: error.kind === 'timeout' ? 'The hosted tool endpoint did not answer in time.' : 'The hosted tool endpoint could not be reached.',
        });
      }
      throw error;
    }
    // Stream the answer as it comes: SSE events must reach the client one by one (mcp.md §2).
    const headers = addCorsHeaders(toClientHeaders(upstream.headers, resourceMetadata), origin);
    return new Response(upstream.body, { status: upstream.status, headers });
  };

  return async (event) => {
    const request = event.req;
    const origin = request.headers.get('origin');
    // MCP transports: a present Origin that is not ours → 403, against DNS rebinding (mcp.md §2).
    if (origin !== null && !isAllowedOrigin(config, origin)) {
      return toRpcErrorResponse(config, createRpcError(errors, -31403, { detail: 'Requests from this Origin are not allowed.' }));
    }
    if (request.method === 'OPTIONS' && origin) return toPreflightResponse(origin);
    try {
      return await handle(request, origin);
    } catch (error) {
      // The client left (its request signal aborted): nobody reads this answer, so nothing is logged.
      if (request.signal.aborted && !HTTPError.isError(error)) return new Response(null, { status: 502 });
      if (!HTTPError.isError(error)) throw error; // left to the app's onError: a bare 500, no internals
      const response = toRpcErrorResponse(config, error);
      addCorsHeaders(response.headers, origin);
      return response;
    }
  };
}
