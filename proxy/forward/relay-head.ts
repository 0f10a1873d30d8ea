import type { McpError } from '../../runtime/mcp/mcp-error.ts';
import type { AppConfig } from '../config.ts';
import { toCorsHeaders } from '../mcp/cors.ts';
import { isStreamedError, isUpstreamRefusal, STREAMED_ERROR, toUpstreamFailure, toUpstreamRefusal } from '../mcp/forward-upstream.ts';
import { isClientHeader } from '../mcp/upstream-headers.ts';
import type { Forward, HeaderRecord } from '../plan/plan.ts';
import { toAgentLinks } from '../static/agent-links.ts';
import { UpstreamError } from './forwarder.ts';

/**
 * What becomes of the upstream's answer once its head arrived, decided here for every door:
 * - `refused`: a 401 or 403, answered in the gate's shape (its small body is read to its end, so the connection
 *   stays reusable);
 * - `invalid`: an error labelled as an event stream, answered 502 and dropped unread, as a stream may never end;
 * - `relay`: the status, and the headers the client gets: the upstream's kept ones, CORS for an allowed origin, the
 *   agent links. The body streams on as the door's transport receives it.
 */
export type RelayHead =
  | { kind: 'refused'; error: McpError }
  | { kind: 'invalid'; error: McpError }
  | { kind: 'relay'; status: number; headers: HeaderRecord; contentType: string | undefined };

/** An upstream head field as the transport gives it: web Headers' single value, or node's list for a repeated field. */
type FieldValue = string | string[] | null | undefined;

const join = (value: FieldValue): string | undefined => (Array.isArray(value) ? value.join(', ') : (value ?? undefined));

/** Decides what the client gets of an upstream answer (MCP Streamable HTTP; proxy/mcp/forward-upstream.ts for each rule). */
export function toRelayHead(config: AppConfig, forward: Forward, status: number, fields: Iterable<[string, FieldValue]>): RelayHead {
  const headers: HeaderRecord = {};
  let challenge: string | undefined;
  let contentType: string | undefined;
  for (const [rawName, value] of fields) {
    const name = rawName.toLowerCase();
    const text = join(value);
    if (text === undefined) continue;
    if (name === 'www-authenticate') challenge = text;
    if (name === 'content-type') contentType = text;
    if (isClientHeader(name)) headers[name] = text;
  }
  if (isUpstreamRefusal(status)) return { kind: 'refused', error: toUpstreamRefusal(config, status, challenge, forward.id) };
  if (isStreamedError(status, contentType)) {
    return { kind: 'invalid', error: toUpstreamFailure(new UpstreamError('unreachable', STREAMED_ERROR), forward.id) };
  }
  Object.assign(headers, toCorsHeaders(forward.origin));
  headers.link = toAgentLinks(config.baseUrl);
  return { kind: 'relay', status, headers, contentType };
}
