import type { Content } from '../content-model/read-content.ts';
import type { JsonSchema } from '../content-model/schemas/json-schema.ts';
import type { DocsToolDefinition } from '../facts/docs-server.ts';

export type { DocsToolDefinition };

/** An OpenAPI parameter schema as a JSON Schema 2020-12 property: OpenAPI's `example` becomes `examples`. */
function toProperty(schema: JsonSchema, description: string): JsonSchema {
  const { example, ...rest } = schema as JsonSchema & { example?: unknown };
  return { ...rest, description, ...(example === undefined ? {} : { examples: [example] }) };
}

/** An operation's query parameters as one object's input schema, each with its own bounds, as the endpoint takes them. */
function toOperationInput(operations: Content['operations'], operationId: string): JsonSchema {
  const op = operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`content/operations: no operation "${operationId}" to derive a docs tool's input from`);
  const query = op.parameters.filter((p) => p.in === 'query');
  return {
    type: 'object',
    properties: Object.fromEntries(query.map((p) => [p.name, toProperty(p.schema, p.description)])),
    required: query.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
}

/**
 * The docs tools (content/docs-tools/) as both places offer them, the pages' WebMCP tools and the docs MCP server's
 * `tools/list`: name, title, description, input schema and read-only hint, in the order of their files.
 */
export function toDocsTools({ docsTools, operations }: Pick<Content, 'docsTools' | 'operations'>): DocsToolDefinition[] {
  return docsTools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema ?? toOperationInput(operations, tool.inputFromOperation!),
    annotations: { readOnlyHint: tool.annotations.readOnlyHint },
  }));
}
