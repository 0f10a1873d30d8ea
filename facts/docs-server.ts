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
