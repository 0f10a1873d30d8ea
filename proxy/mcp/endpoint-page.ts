import { PATHS } from '../../facts/paths.ts';
import { parseAccept, toQuality } from '../../runtime/http/accept.ts';
import type { EdgeRequest } from '../edge-request.ts';
import type { Answer } from '../plan/plan.ts';
import type { StaticPlanner } from '../static/serve-static.ts';

/**
 * Whether a request on the MCP endpoint is a person's or an agent's that is no MCP client. MCP Streamable HTTP
 * (2025-03-26 and later, "Listening for Messages from the Server"): a client's GET MUST list text/event-stream in
 * Accept; a GET or HEAD that does not (a browser, curl, a docs checker) is asking what the address is.
 */
export function isEndpointPageRequest(method: string, accept: string | null | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return !((toQuality(parseAccept(accept), 'text/event-stream', true) ?? 0) > 0);
}

/**
 * Plans an endpoint's page for such a request (`/mcp/connect` for the tool endpoint): HTML or its markdown twin by
 * Accept, as the static route serves any page.
 */
export function createEndpointPage(
  planner: StaticPlanner,
  path: string = PATHS.mcpEndpointPage,
): (request: EdgeRequest) => Promise<Answer> {
  return (request) =>
    planner({
      method: request.method,
      path,
      accept: request.headers.get('accept'),
      acceptEncoding: request.headers.get('accept-encoding'),
    });
}
