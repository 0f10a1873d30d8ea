import { McpError } from '../../runtime/mcp/mcp-error.ts';
import type { JsonRpcMessage } from './json-rpc.ts';
import type { HeaderLookup } from '../../runtime/http/header-lookup.ts';

// MCP 2026-07-28 Streamable HTTP: non-ASCII header values travel as `=?base64?…?=`.
function decodeHeader(value: string): string {
  const match = /^=\?base64\?(.*)\?=$/.exec(value);
  if (!match) return value;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(match[1]!), (c) => c.charCodeAt(0)));
  } catch {
    return value;
  }
}

/**
 * MCP 2026-07-28 Streamable HTTP: `Mcp-Method` must equal the body's method and, on tools/call, `Mcp-Name` the
 * tool name; a mismatch is 400 -32020. Checked before auth, so the gate and the upstream can never act on two
 * different readings of one request. Absent headers (legacy clients) are fine.
 */
export function requireMatchingHeaders(headers: HeaderLookup, message: JsonRpcMessage, id: string | number | null): void {
  if (message.kind === 'response') return;
  const method = headers.get('mcp-method');
  const name = headers.get('mcp-name');
  const params = message.params as { name?: unknown } | undefined;
  const mismatch =
    method !== null && decodeHeader(method) !== message.method
      ? `Mcp-Method "${method}" does not match the body's method "${message.method}".`
      : name !== null && message.method === 'tools/call' && decodeHeader(name) !== params?.name
        ? `Mcp-Name "${name}" does not match the tool named in the body.`
        : // A client that sends Mcp-Method speaks the modern era, where tools/call always carries Mcp-Name (MCP 2026-07-28 Streamable HTTP).
          method !== null && name === null && message.method === 'tools/call' && params?.name !== undefined
          ? 'Mcp-Name is required on tools/call when Mcp-Method is sent.'
          : undefined;
  if (mismatch) throw new McpError('ERR_MCP_HEADER_MISMATCH', mismatch, { id });
}
