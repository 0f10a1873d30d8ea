import { z } from 'zod';
import { objectJsonSchema } from './json-schema.ts';

/** One public hosted MCP tool (`content/tools/<name>.yaml`); the file name must equal `name`. */
export const toolSchema = z.strictObject({
  // MCP tools/list: 1–64 characters of [A-Za-z0-9_./-]; we keep to snake_case.
  name: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'snake_case, at most 64 characters'),
  title: z.string().min(1).max(80),
  description: z.string().trim().min(20, 'say what the tool does in at least 20 characters'),
  scope: z.string().min(1),
  annotations: z.strictObject({
    readOnlyHint: z.boolean(),
    destructiveHint: z.boolean(),
    idempotentHint: z.boolean(),
    openWorldHint: z.boolean(),
  }),
  inputSchema: objectJsonSchema,
  outputSchema: objectJsonSchema,
  example: z.strictObject({
    /** What the example assumes or leaves out (who is signed in, which run an id stands for), shown with it. */
    note: z.string().trim().min(1).optional(),
    arguments: z.record(z.string(), z.unknown()),
    result: z.record(z.string(), z.unknown()),
  }),
});

/** One public hosted MCP tool, as written in content. */
export type Tool = z.infer<typeof toolSchema>;
