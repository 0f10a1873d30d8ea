import { McpError } from '../../runtime/mcp/mcp-error.ts';
import type { AppConfig } from '../config.ts';
import type { EdgeRequest } from '../edge-request.ts';
import type { Answer } from '../plan/plan.ts';
import { requireAllowedOrigin, toPreflightAnswer } from './cors.ts';
import { isEndpointPageRequest } from './endpoint-page.ts';

/** The HTTP methods of the MCP paths (MCP Streamable HTTP; OPTIONS for CORS preflights). */
export const MCP_METHODS = 'GET, POST, DELETE, OPTIONS';

/**
 * What every MCP path answers before it reads a message, in this order: a present Origin that is not allowed is
 * refused (MCP Streamable HTTP, against DNS rebinding); OPTIONS is a preflight or says the methods; a GET or HEAD that
 * is no MCP client's gets the endpoint's page; any method but GET, POST and DELETE is refused with a 405. Undefined
 * when the request goes on to its message; refusals are McpErrors.
 */
export async function toAnswerBeforeMessage(
  config: AppConfig,
  request: EdgeRequest,
  page: (request: EdgeRequest) => Promise<Answer>,
): Promise<Answer | undefined> {
  const origin = request.headers.get('origin');
  requireAllowedOrigin(config, origin);
  if (request.method === 'OPTIONS')
    return origin ? toPreflightAnswer(origin) : { status: 204, headers: { allow: MCP_METHODS }, body: null };
  if (isEndpointPageRequest(request.method, request.headers.get('accept'))) return page(request);
  if (request.method !== 'GET' && request.method !== 'POST' && request.method !== 'DELETE') {
    throw new McpError('ERR_MCP_METHOD_NOT_ALLOWED', `${request.method} is not used on the MCP endpoint.`, {
      headers: { allow: MCP_METHODS },
    });
  }
  return undefined;
}
