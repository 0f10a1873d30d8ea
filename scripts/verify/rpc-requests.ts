import type { Probe } from '../../verify/rule-result.ts';
import { probe } from './probe.ts';

const MODERN = '2026-07-28';
const modernMeta = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} };

/** The JSON-RPC requests the verifier sends (contract RPC-4 to RPC-8), one object each. */
export const RPC_BODIES = {
  initialize: {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'warden-verify', version: '1.0.0' } },
  },
  ping: { jsonrpc: '2.0', id: 2, method: 'ping', params: {} },
  toolsList: { jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} },
  discover: { jsonrpc: '2.0', id: 4, method: 'server/discover', params: { _meta: modernMeta } },
  toolsCall: { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'get_account', arguments: {} } },
} as const;

/** POSTs one JSON-RPC message as a Streamable HTTP client does; `modern` adds the 2026-07-28 headers (MCP 2026-07-28 Streamable HTTP). */
export function postRpc(
  url: string,
  body: { method: string; params?: object },
  options: { timeoutMs?: number; modern?: boolean } = {},
): Promise<Probe> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  if (options.modern) Object.assign(headers, { 'mcp-protocol-version': MODERN, 'mcp-method': body.method });
  return probe(url, { method: 'POST', headers, body: JSON.stringify(body), timeoutMs: options.timeoutMs });
}
