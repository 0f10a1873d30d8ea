import type { Tool } from '../content-model/schemas/tool.ts';
import { PATHS, toUrl } from '../facts/paths.ts';

/** The `_meta` every request of the stateless (2026-07-28) protocol era carries. */
const toMeta = (version: string) => ({
  'io.modelcontextprotocol/protocolVersion': version,
  'io.modelcontextprotocol/clientCapabilities': {},
});

/** The JSON-RPC `tools/call` request of a tool's content example, in the stateless protocol era `version`. */
export function toToolCallRequest(tool: Tool, version: string): Record<string, unknown> {
  return {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: tool.name, arguments: tool.example.arguments, _meta: toMeta(version) },
  };
}

/** The HTTP headers of a `tools/call` in the stateless era (MCP Streamable HTTP; 2026-07-28 routing headers). */
export function toToolCallHeaders(tool: Tool, version: string): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': version,
    'Mcp-Method': 'tools/call',
    'Mcp-Name': tool.name,
  };
}

/** A runnable curl command calling a tool on the same-host endpoint with a Bearer token from `$WARDEN_TOKEN`. */
export function toToolCallCurl(tool: Tool, baseUrl: string, version: string): string {
  return [
    `curl -sS ${toUrl(baseUrl, PATHS.mcp)} \\`,
    ...Object.entries(toToolCallHeaders(tool, version)).map(([name, value]) => `  -H '${name}: ${value}' \\`),
    `  -H "Authorization: Bearer $WARDEN_TOKEN" \\`,
    `  -d '${JSON.stringify(toToolCallRequest(tool, version)).replace(/'/g, "'\\''")}'`,
  ].join('\n');
}
