import { HTTPError, type H3Event } from 'h3';
import { PATHS, toUrl } from '../../src/lib/paths.ts';
import type { AppConfig } from '../config.ts';
import type { VerifyAccessToken } from '../../runtime/auth/access-token.ts';
import { AuthError } from '../../runtime/auth/auth-error.ts';
import { parseBearerChallenge } from '../../runtime/http/www-authenticate.ts';
import { createRpcError } from '../errors/http-errors.ts';
import { toRpcErrorResponse } from '../errors/render-error.ts';
import { UpstreamError, type Forwarder } from '../forward/forwarder.ts';
import { addCorsHeaders, isAllowedOrigin, toPreflightResponse } from './cors.ts';
import { isPublicMessage, requireAccess, toRefusalError } from './gate.ts';
import { requireMatchingHeaders } from './header-match.ts';
import { JsonRpcParseError, toJsonRpcMessage } from './json-rpc.ts';
import { BodyTooLargeError, readLimitedBody } from './read-body.ts';
import { toClientHeaders, toUpstreamHeaders } from './upstream-headers.ts';

/** What the MCP route needs injected: how to reach the upstream, and (optionally) how to verify tokens. */
export interface McpDeps {
  forward: Forwarder;
  verifyToken?: VerifyAccessToken;
}

/** The same-host MCP endpoint on `/mcp` and `/.well-known/mcp` (contract §4.2): origin check, gate, then forward. */
export function createMcpHandler(config: AppConfig, deps: McpDeps): (event: H3Event) => Promise<Response> {
  const upstreamUrl = toUrl(config.appUrl, PATHS.mcp);
  const { errors } = config;

  /**
   * An upstream refusal answered in this endpoint's own shape: the same JSON-RPC error as the gate's, with one
   * challenge naming this host's metadata. The upstream's error, description and scope are kept when its
   * challenge is well formed; a malformed one is never passed on (RFC 9110 §11.6.1).
   */
  const toUpstreamRefusal = async (upstream: Response, id: string | number | null) => {
    // Read the (small) refusal body to its end: the keep-alive connection then stays reusable.
    await upstream.arrayBuffer().catch(() => {});
    const params = parseBearerChallenge(upstream.headers.get('www-authenticate') ?? '');
    const error = params?.get('error');
    const description = params?.get('error_description') ?? 'The hosted tool endpoint refused the access token';
    const refusal =
      upstream.status === 403 ? new AuthError('ERR_TOKEN_SCOPE', description)
      : error === 'invalid_token' ? new AuthError('ERR_TOKEN_INVALID', description)
      : new AuthError('ERR_NO_TOKEN', 'This method needs an OAuth Bearer access token');
    const scope = params?.get('scope');
    return toRefusalError(config, refusal, id, scope ? scope.split(' ') : undefined);
  };

  const handle = async (request: Request, origin: string | null): Promise<Response> => {
    const authorization = request.headers.get('authorization');
    let body: Uint8Array | null = null;
    let id: string | number | null = null;
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
      id = message.kind === 'notification' ? null : message.id;
      // Headers before auth: a request whose headers and body disagree is malformed whoever sends it.
      requireMatchingHeaders(config, request.headers, message, id);
      await requireAccess(config, deps.verifyToken, authorization, !isPublicMessage(message, config.publicMethods), id);
    } else if (request.method === 'GET' || request.method === 'DELETE') {
      // No method to gate here. GET opens the legacy era's server stream, which an anonymous client that only
      // lists tools may open, so a token is checked only when one is sent. DELETE ends a session, and a session
      // id is no credential (MCP security best practices: sessions are not authentication): it needs a token.
      const sent = authorization !== null;
      await requireAccess(config, deps.verifyToken, authorization, request.method === 'DELETE' || sent);
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
    if (upstream.status === 401 || upstream.status === 403) throw await toUpstreamRefusal(upstream, id);
    // Stream the answer as it comes: SSE events must reach the client one by one (MCP Streamable HTTP).
    const headers = addCorsHeaders(toClientHeaders(upstream.headers), origin);
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
