import { parseAccept, toQuality } from '../http/accept.ts';

/** Which of the two Streamable HTTP response forms a client takes. */
export interface McpAccept {
  json: boolean;
  sse: boolean;
}

/**
 * Reads a POST's Accept header as an MCP endpoint answers it. Streamable HTTP asks clients to list both
 * `application/json` and `text/event-stream`, and lets the server answer with either; clients that send no
 * Accept, `*` + `/*` or `application/json` alone (generated HTTP clients do) get JSON. Only a client that takes
 * neither gets 406 (RFC 9110 §15.5.7).
 */
export function toMcpAccept(header: string | null): McpAccept {
  if (header === null || header.trim() === '') return { json: true, sse: false };
  const ranges = parseAccept(header);
  const json = (toQuality(ranges, 'application/json') ?? 0) > 0;
  // A stream only for clients that name it: `*/*` (curl, fetch's default) means "anything", and JSON is simplest.
  const sse = (toQuality(ranges, 'text/event-stream', true) ?? 0) > 0 || (!json && (toQuality(ranges, 'text/event-stream') ?? 0) > 0);
  return { json, sse };
}
