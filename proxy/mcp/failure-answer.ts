import { McpError, toMcpErrorAnswer } from '../../runtime/mcp/mcp-error.ts';
import type { AppConfig } from '../config.ts';
import { toFailureCause } from '../errors/failure-cause.ts';
import type { Note } from '../observability/request-facts.ts';
import { type Answer, toTextAnswer } from '../plan/plan.ts';
import { toCorsHeaders } from './cors.ts';

/** What an MCP path answers when it failed inside: -32603, and nothing about why (JSON-RPC 2.0 §5.1). */
const toInternalMcpError = (): McpError => new McpError('ERR_INTERNAL', 'The endpoint failed while answering.');

/** A refusal's cause in a few words for the log: `ERR_JWKS_UNAVAILABLE: ECONNREFUSED` (fetch keeps the code in its own cause). */
function toCauseText(error: McpError): string {
  const cause = error.cause as { code?: string; message?: string; cause?: { code?: string } } | undefined;
  return `${error.code}: ${cause?.cause?.code ?? cause?.code ?? cause?.message ?? 'unknown'}`.slice(0, 300);
}

/**
 * The one answer of an MCP path that does not forward, on every door: a refusal (an McpError) is rendered from
 * content (runtime/mcp/mcp-error.ts) with the CORS headers an allowed browser origin needs to read it (a forbidden
 * origin gets none), the cause of a 5xx to the log. Anything else failed inside: its cause goes to the log, and the
 * client gets -32603 without CORS, as the origin may not have been checked yet.
 */
export function toMcpFailureAnswer(config: AppConfig, error: unknown, origin: string | null, note: Note): Answer {
  const known = error instanceof McpError ? error : undefined;
  if (!known) note({ cause: toFailureCause(error) });
  const { status, headers, body } = toMcpErrorAnswer(config.errors, known ?? toInternalMcpError());
  if (known) {
    if (status >= 500 && known.cause !== undefined) note({ cause: toCauseText(known) });
    if (known.code !== 'ERR_MCP_ORIGIN_FORBIDDEN') Object.assign(headers, toCorsHeaders(origin));
  }
  return toTextAnswer(status, headers['content-type'] ?? 'application/json', JSON.stringify(body), headers);
}
