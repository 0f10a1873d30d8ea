import { z } from 'zod';

/** One RFC 9457 problem code and one JSON-RPC error code (`content/errors.yaml`). */
export const errorsSchema = z.strictObject({
  problems: z
    .array(
      z.strictObject({
        code: z.string().regex(/^[a-z][a-z0-9_]{2,}$/, 'snake_case, at least three characters (RFC 9457 §3.2)'),
        status: z.number().int().min(400).max(599),
        title: z.string().min(1),
        cause: z.string().min(1),
        resolution: z.string().min(1),
      }),
    )
    .min(1),
  jsonrpc: z
    .array(
      z.strictObject({
        code: z.number().int(),
        http_status: z.number().int().min(200).max(599),
        message: z.string().min(1),
        cause: z.string().min(1),
        resolution: z.string().min(1),
      }),
    )
    .min(1),
});

/** Problem codes and JSON-RPC error codes, as written in content. */
export type Errors = z.infer<typeof errorsSchema>;
/** One problem code. */
export type ProblemDefinition = Errors['problems'][number];
