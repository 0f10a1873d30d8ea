import { z } from 'zod';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

/** A JSON Schema (2020-12) object that Ajv can compile; the message says why not. */
export const jsonSchema = z
  .record(z.string(), z.unknown())
  .superRefine((schema, ctx) => {
    try {
      ajv.compile(schema);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `not a valid JSON Schema: ${(error as Error).message}` });
    }
  });

/** A JSON Schema object whose top level is `type: object` (MCP tool input and output schemas). */
export const objectJsonSchema = jsonSchema.refine((s) => s.type === 'object', 'must have "type": "object"');

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;
