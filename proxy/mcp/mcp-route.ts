import type { VerifyAccessToken } from '../../runtime/auth/access-token.ts';
import { McpError } from '../../runtime/mcp/mcp-error.ts';
import type { AppConfig } from '../config.ts';
import type { EdgeRequest } from '../edge-request.ts';
import type { Answer, Plan } from '../plan/plan.ts';
import { admitMcpRequest } from './admit.ts';
import { requireAllowedOrigin, toPreflightAnswer } from './cors.ts';
import { isEndpointPageRequest } from './endpoint-page.ts';
import { toMcpFailureAnswer } from './failure-answer.ts';
import { toUpstreamUrl } from './forward-upstream.ts';
import { toUpstreamHeaders } from './upstream-headers.ts';

/** What the MCP route needs: how to verify tokens (else the upstream does), and the endpoint's page. */
export interface McpRouteDeps {
  verifyToken?: VerifyAccessToken;
  /** The endpoint's page, for a GET or HEAD that is no MCP client's (proxy/mcp/endpoint-page.ts). */
  page(request: EdgeRequest): Promise<Answer>;
}

/** The HTTP methods of the MCP paths (MCP Streamable HTTP; OPTIONS for CORS preflights). */
export const MCP_METHODS = 'GET, POST, DELETE, OPTIONS';

/**
 * The same-host MCP endpoint on `/mcp` and `/.well-known/mcp` (contract ENDPOINT-10, ENDPOINT-11), in the steps it takes: check the
 * origin, read the message, check its headers, check the credential (proxy/mcp/admit.ts), then plan the request to
 * `<app_url>/mcp`, which each door sends over its own transport. Every refusal is an McpError, answered by
 * proxy/mcp/failure-answer.ts.
 */
export function createMcpRoute(config: AppConfig, deps: McpRouteDeps): (request: EdgeRequest) => Promise<Plan> {
  const url = toUpstreamUrl(config);
  return async (request) => {
    const origin = request.headers.get('origin');
    try {
      requireAllowedOrigin(config, origin);
      if (request.method === 'OPTIONS')
        return origin ? toPreflightAnswer(origin) : { status: 204, headers: { allow: MCP_METHODS }, body: null };
      if (isEndpointPageRequest(request.method, request.headers.get('accept'))) return await deps.page(request);
      if (request.method !== 'GET' && request.method !== 'POST' && request.method !== 'DELETE') {
        throw new McpError('ERR_MCP_METHOD_NOT_ALLOWED', `${request.method} is not used on the MCP endpoint.`, {
          headers: { allow: MCP_METHODS },
        });
      }
      const { body, id } = await admitMcpRequest(config, deps.verifyToken, request, request.note);
      const headers = toUpstreamHeaders(request.headers, request.headerNames(), request.requestId);
      return { kind: 'forward', method: request.method, url, headers, body, id, origin };
    } catch (error) {
      return toMcpFailureAnswer(config, error, origin, request.note);
    }
  };
}
