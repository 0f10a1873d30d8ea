import { z } from 'zod';

/** One docs tool as the pages' WebMCP and the docs MCP server offer it (documents/to-docs-tools.ts makes it from content). */
export const docsToolDefinitionSchema = z.strictObject({
  name: z.string().min(1),
  title: z.string().min(1),
  description: z.string().min(1),
  /** A JSON Schema 2020-12 object, checked when the content was read. */
  inputSchema: z.record(z.string(), z.unknown()),
  annotations: z.strictObject({ readOnlyHint: z.boolean() }),
});

/** One docs tool's definition. */
export type DocsToolDefinition = z.infer<typeof docsToolDefinitionSchema>;

/**
 * What the edge needs to answer as the docs MCP server (`/mcp/docs`), written by the build into `_build.json`: the
 * identity it gives in `initialize` and `server/discover`, its instructions, and the docs tools it lists.
 */
export const docsServerFactsSchema = z.strictObject({
  name: z.string().min(1),
  title: z.string().min(1),
  version: z.string().min(1),
  description: z.string().min(1),
  instructions: z.string().min(1),
  tools: z.array(docsToolDefinitionSchema).min(1),
});

/** The docs MCP server's facts. */
export type DocsServerFacts = z.infer<typeof docsServerFactsSchema>;
