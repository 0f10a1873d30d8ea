import type { HeaderLookup } from '../../runtime/http/header-lookup.ts';
import { REQUEST_ID_HEADER, toTraceparent } from '../../runtime/http/request-id.ts';

// The MCP request headers (MCP Streamable HTTP). Authorization goes too: the upstream is the same
// resource server and checks `aud` against this host's identifier (MCP authorization: audience). Nothing hop-by-hop
// (RFC 9110 §7.6.1) and no spoofable Forwarded / X-Forwarded-* / Host.
const REQUEST_HEADERS = [
  'authorization',
  'accept',
  'content-type',
  'mcp-protocol-version',
  'mcp-session-id',
  'mcp-method',
  'mcp-name',
  'last-event-id',
];

// What the client needs back. Cookies and the upstream's CORS headers stay behind: they belong to its origin.
const RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'mcp-session-id',
  'mcp-protocol-version',
  'allow',
  'retry-after',
  'x-accel-buffering',
];

/**
 * The headers sent upstream: the MCP ones, `Mcp-Param-*` tool-parameter headers (SEP-2243), the request's id and
 * a well-formed W3C `traceparent`, so one request can be followed through both servers' logs. `names` are the
 * request's header names, lower case, where the `Mcp-Param-*` ones are looked for.
 */
export function toUpstreamHeaders(incoming: HeaderLookup, names: Iterable<string>, requestId?: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (requestId) out[REQUEST_ID_HEADER] = requestId;
  const traceparent = toTraceparent(incoming);
  if (traceparent) out.traceparent = traceparent;
  for (const name of REQUEST_HEADERS) {
    const value = incoming.get(name);
    if (value !== null) out[name] = value;
  }
  for (const name of names) {
    if (!name.startsWith('mcp-param-')) continue;
    const value = incoming.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}

const KEPT: ReadonlySet<string> = new Set(RESPONSE_HEADERS);

/** Whether an upstream response header (its lower-case name) goes back to the client; refusals are the gate's own. */
export const isClientHeader = (name: string): boolean => KEPT.has(name);
