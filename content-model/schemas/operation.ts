import { z } from 'zod';
import { jsonSchema } from './json-schema.ts';

const media = z.strictObject({ schema: jsonSchema, example: z.unknown().optional() });
const content = z.record(z.string().regex(/^[a-z]+\/[a-z0-9.+-]+/), media);

const header = z.strictObject({ description: z.string().min(1), required: z.boolean().optional(), schema: jsonSchema });

const response = z.strictObject({
  description: z.string().min(1),
  headers: z.record(z.string(), header).optional(),
  content: content.optional(),
});

const parameter = z.strictObject({
  name: z.string().min(1),
  in: z.enum(['query', 'header', 'path', 'cookie']),
  required: z.boolean().optional(),
  description: z.string().min(1),
  schema: jsonSchema,
});

/**
 * One row of the endpoint table (contract ENDPOINT-2 to ENDPOINT-13; `content/operations/<operationId>.yaml`):
 * an OpenAPI 3.1 operation plus its method, path and auth layer.
 */
export const operationSchema = z
  .strictObject({
    operationId: z.string().regex(/^[a-z][A-Za-z0-9]*$/, 'camelCase'),
    method: z.enum(['get', 'post', 'put', 'patch', 'delete', 'head']),
    path: z.string().regex(/^\/[^\s?#]*$/),
    summary: z.string().min(1).max(80),
    description: z.string().trim().min(20, 'describe the operation in at least 20 characters'),
    tags: z.array(z.string().min(1)).min(1),
    // "none": public discovery; "tools-call": no credential except for JSON-RPC tools/call (contract AUTH-1, AUTH-2);
    // "operator": a Bearer token with the operator scope on every call (the operator's view of feedback).
    auth: z.enum(['none', 'tools-call', 'operator']),
    scopes: z.array(z.string()).default([]),
    parameters: z.array(parameter).default([]),
    requestBody: z.strictObject({ description: z.string().min(1), required: z.boolean(), content }).optional(),
    responses: z.record(z.string().regex(/^([1-5]\d\d|default)$/, 'an HTTP status code or "default"'), response),
  })
  .refine((op) => op.auth === 'none' || op.scopes.length > 0, {
    path: ['scopes'],
    message: 'an operation with auth "tools-call" or "operator" names the scopes its calls need',
  });

/** One API operation, as written in content. */
export type Operation = z.infer<typeof operationSchema>;
