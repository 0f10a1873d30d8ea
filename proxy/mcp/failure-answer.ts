import { McpError, toMcpErrorAnswer, type McpErrorAnswer } from '../../runtime/mcp/mcp-error.ts';
import type { AppConfig } from '../config.ts';
import { toFailureCause } from '../errors/failure-cause.ts';
import type { Note } from '../observability/request-facts.ts';
import { toCorsHeaders } from './cors.ts';
import { toAgentLinks } from '../static/agent-links.ts';

/** What an MCP path answers when it failed inside: -32603, and nothing about why (JSON-RPC 2.0 §5.1). */
const toInternalMcpError = (): McpError => new McpError('ERR_INTERNAL', 'The endpoint failed while answering.');

/** A refusal's cause in a few words for the log: `ERR_JWKS_UNAVAILABLE: ECONNREFUSED` (fetch keeps the code in its own cause). */
function toCauseText(error: McpError): string {
  const cause = error.cause as { code?: string; message?: string; cause?: { code?: string } } | undefined;
  return `${error.code}: ${cause?.cause?.code ?? cause?.code ?? cause?.message ?? 'unknown'}`.slice(0, 300);
}

/** The agent links every answer carries (RFC 8288; proxy/static/agent-links.ts). */
function withLinks(config: AppConfig, answer: McpErrorAnswer): McpErrorAnswer {
  answer.headers.link = toAgentLinks(config.baseUrl);
  return answer;
}

/**
 * The one answer of an MCP path that does not forward, for the app's handler, the app's onError and the Node fast
 * path alike. A refusal (an McpError) is rendered from content (runtime/mcp/mcp-error.ts) with the CORS headers an
 * allowed browser origin needs to read it (a forbidden origin gets none), the cause of a 5xx to the log. Anything
 * else failed inside: its cause goes to the log, and the client gets -32603 without CORS, as the origin may not have
 * been checked yet.
 */
export function toMcpFailureAnswer(config: AppConfig, error: unknown, origin: string | null, note: Note): McpErrorAnswer {
  if (!(error instanceof McpError)) {
    note({ cause: toFailureCause(error) });
    return withLinks(config, toMcpErrorAnswer(config.errors, toInternalMcpError()));
  }
  const answer = withLinks(config, toMcpErrorAnswer(config.errors, error));
  if (answer.status >= 500 && error.cause !== undefined) note({ cause: toCauseText(error) });
  if (error.code !== 'ERR_MCP_ORIGIN_FORBIDDEN') Object.assign(answer.headers, toCorsHeaders(origin));
  return answer;
}

/** The same answer as a web Response, for the app. */
export function toMcpFailureResponse(config: AppConfig, error: unknown, origin: string | null, note: Note): Response {
  const answer = toMcpFailureAnswer(config, error, origin, note);
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: answer.headers });
}
