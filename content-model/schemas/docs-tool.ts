import { z } from 'zod';
import { objectJsonSchema } from './json-schema.ts';
import { toolSchema } from './tool.ts';

/**
 * One docs tool (`content/docs-tools/<name>.yaml`): a tool over the public docs that every page registers with WebMCP
 * and the docs MCP server lists, both from this one definition; the file name must equal `name`. Its input is its own
 * JSON Schema, an operation's query parameters (`inputFromOperation`, an operationId), or a shared schema
 * (`inputFromSchema`, a request body's), so a tool and the endpoint that answers alike take the same input.
 */
export const docsToolSchema = z
  .strictObject({
    name: toolSchema.shape.name,
    title: toolSchema.shape.title,
    description: toolSchema.shape.description,
    annotations: z.strictObject({ readOnlyHint: z.boolean() }),
    inputSchema: objectJsonSchema.optional(),
    inputFromOperation: z
      .string()
      .regex(/^[a-z][A-Za-z0-9]*$/, 'an operationId (camelCase)')
      .optional(),
    /** A shared schema of content/schemas/ (by file name) that is the tool's input, as the endpoint that takes it reads it. */
    inputFromSchema: z
      .string()
      .regex(/^[A-Z][A-Za-z0-9]*$/, 'a schema name (PascalCase, its file in content/schemas/)')
      .optional(),
  })
  .refine((tool) => [tool.inputSchema, tool.inputFromOperation, tool.inputFromSchema].filter((x) => x !== undefined).length === 1, {
    path: ['inputSchema'],
    message: 'give exactly one of inputSchema, inputFromOperation and inputFromSchema',
  });

/** One docs tool, as written in content. */
export type DocsTool = z.infer<typeof docsToolSchema>;
