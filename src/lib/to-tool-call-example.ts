import type { Tool } from '../schemas/tool.ts';
import { PATHS, toUrl } from './paths.ts';

/** The `_meta` every request of the stateless (2026-07-28) protocol era carries. */
const toMeta = (version: string) => ({ 'io.modelcontextprotocol/protocolVersion': version, 'io.modelcontextprotocol/clientCapabilities': {} });

/** The JSON-RPC `tools/call` request of a tool's content example, in the stateless protocol era `version`. */
export function toToolCallRequest(tool: Tool, version: string): Record<string, unknown> {
  return { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool.name, arguments: tool.example.arguments, _meta: toMeta(version) } };
}

/** A runnable curl command calling a tool on the same-host endpoint with a Bearer token from `$WARDEN_TOKEN`. */
export function toToolCallCurl(tool: Tool, baseUrl: string, version: string): string {
  return [
    `curl -sS ${toUrl(baseUrl, PATHS.mcp)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H 'Accept: application/json, text/event-stream' \\`,
    `  -H 'MCP-Protocol-Version: ${version}' \\`,
    `  -H 'Mcp-Method: tools/call' \\`,
    `  -H 'Mcp-Name: ${tool.name}' \\`,
    `  -H "Authorization: Bearer $WARDEN_TOKEN" \\`,
    `  -d '${JSON.stringify(toToolCallRequest(tool, version)).replace(/'/g, "'\\''")}'`,
  ].join('\n');
}
