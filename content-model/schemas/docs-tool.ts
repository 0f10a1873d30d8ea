import { z } from 'zod';
import { objectJsonSchema } from './json-schema.ts';
import { toolSchema } from './tool.ts';

/**
 * One docs tool (`content/docs-tools/<name>.yaml`): a tool over the public docs that every page registers with WebMCP
 * and the docs MCP server lists, both from this one definition; the file name must equal `name`. Its input is its own
 * JSON Schema, or an operation's query parameters (`inputFromOperation`, an operationId), so a tool and the endpoint
 * that answers alike take the same input.
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
  })
  .refine((tool) => (tool.inputSchema === undefined) !== (tool.inputFromOperation === undefined), {
    path: ['inputSchema'],
    message: 'give exactly one of inputSchema and inputFromOperation',
  });

/** One docs tool, as written in content. */
export type DocsTool = z.infer<typeof docsToolSchema>;
