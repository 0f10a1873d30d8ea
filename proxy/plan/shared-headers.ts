import type { AppConfig } from '../config.ts';
import { isMcpRoute, type RouteKind } from '../routes.ts';
import { toAgentLinks } from '../static/agent-links.ts';
import type { Answer } from './plan.ts';

/**
 * Adds what every answer carries unless its route said otherwise, once per answer and for every runtime:
 * - the agent links (RFC 8288; proxy/static/agent-links.ts), so any answer tells an agent where the index and the
 *   API are (a page or twin names its other variant itself);
 * - `Access-Control-Allow-Origin: *` on every route but the MCP endpoints' and the feedback routes': the documents are
 *   public (contract AUTH-1) and readable from any origin (Fetch standard §3.2), while the endpoints keep their own
 *   Origin rule (MCP Streamable HTTP, against DNS rebinding) and the feedback routes say per answer who may read it;
 * - `Cache-Control: no-store` where the route set no policy: an answer that is not a file may change per request.
 */
export function withSharedHeaders(config: AppConfig, kind: RouteKind, answer: Answer): Answer {
  const headers = answer.headers;
  headers.link ??= toAgentLinks(config.baseUrl);
  if (!isMcpRoute(kind) && kind !== 'feedback') headers['access-control-allow-origin'] ??= '*';
  headers['cache-control'] ??= 'no-store';
  return answer;
}
