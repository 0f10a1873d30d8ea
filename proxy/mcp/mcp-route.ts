import type { VerifyAccessToken } from '../../runtime/auth/access-token.ts';
import type { AppConfig } from '../config.ts';
import type { EdgeRequest } from '../edge-request.ts';
import type { Answer, Plan } from '../plan/plan.ts';
import { admitMcpRequest } from './admit.ts';
import { toAnswerBeforeMessage } from './before-message.ts';
import { toMcpFailureAnswer } from './failure-answer.ts';
import { toUpstreamUrl } from './forward-upstream.ts';
import { toUpstreamHeaders } from './upstream-headers.ts';

/** What the MCP route needs: how to verify tokens (else the upstream does), and the endpoint's page. */
export interface McpRouteDeps {
  verifyToken?: VerifyAccessToken;
  /** The endpoint's page, for a GET or HEAD that is no MCP client's (proxy/mcp/endpoint-page.ts). */
  page(request: EdgeRequest): Promise<Answer>;
}

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
      const before = await toAnswerBeforeMessage(config, request, deps.page);
      if (before) return before;
      const { body, id } = await admitMcpRequest(config, deps.verifyToken, request, request.note);
      const headers = toUpstreamHeaders(request.headers, request.headerNames(), request.requestId);
      return { kind: 'forward', method: request.method, url, headers, body, id, origin };
    } catch (error) {
      return toMcpFailureAnswer(config, error, origin, request.note);
    }
  };
}
