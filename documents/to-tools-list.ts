import type { Tool } from '../content-model/schemas/tool.ts';
import type { JsonSchema } from '../content-model/schemas/json-schema.ts';

/** The `_meta` key naming the scope a tool call needs. */
export const SCOPE_META_KEY = 'example.warden/scope';

/** One entry of an MCP `tools/list` result. */
export interface ToolsListEntry {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: Tool['annotations'];
  _meta: { [SCOPE_META_KEY]: string };
}

/** Content tools → the MCP `tools/list` result (what /mcp/tools.json holds and the sandbox answers); pure. */
export function toToolsList(tools: Tool[]): { tools: ToolsListEntry[] } {
  return {
    tools: tools.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
      outputSchema: t.outputSchema,
      annotations: t.annotations,
      _meta: { [SCOPE_META_KEY]: t.scope },
    })),
  };
}
