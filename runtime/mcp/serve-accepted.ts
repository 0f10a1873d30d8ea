import { type McpAccept, toMcpAccept } from './mcp-accept.ts';
import { McpError } from './mcp-error.ts';
import { toAcceptedForm } from './response-form.ts';

/** An MCP SDK handler's web face (`createMcpHandler(…).fetch`), with the per-request options it takes. */
export type McpFetch<O> = (request: Request, options?: O) => Promise<Response>;

/** A request's Accept as an MCP endpoint reads it; a POST that takes neither form is refused (RFC 9110 §15.5.7: 406, -31406). */
export function requireMcpAccept(method: string, header: string | null): McpAccept {
  const accept = toMcpAccept(header);
  if (method === 'POST' && !accept.json && !accept.sse) {
    throw new McpError('ERR_MCP_NOT_ACCEPTABLE', `Accept "${header}" allows neither application/json nor text/event-stream.`);
  }
  return accept;
}

function withBothForms(headers: Headers): Headers {
  const out = new Headers(headers);
  out.set('accept', 'application/json, text/event-stream');
  return out;
}

/**
 * Serves a request with an SDK handler in the form the client accepts: the SDK answers only clients that list both
 * types (MCP Streamable HTTP), so it is asked with both, and its answer given back in the form asked for
 * (response-form.ts). The sandbox's endpoint and the edge's docs server answer through here alike.
 */
export async function fetchInAcceptedForm<O>(fetch: McpFetch<O>, request: Request, accept: McpAccept, options?: O): Promise<Response> {
  const both = accept.json && accept.sse && /application\/json/i.test(request.headers.get('accept') ?? '');
  const asked = both ? request : new Request(request, { headers: withBothForms(request.headers), duplex: 'half' } as RequestInit);
  return toAcceptedForm(await fetch(asked, options), accept);
}
