import { z } from 'zod';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

// References into the OpenAPI components are checked by the content reader, not here.
function withoutComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutComponentRefs);
  if (!value || typeof value !== 'object') return value;
  const ref = (value as Record<string, unknown>).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/')) return {};
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutComponentRefs(v)]));
}

/** A JSON Schema (2020-12) object that Ajv can compile; the message says why not. */
export const jsonSchema = z
  .record(z.string(), z.unknown())
  .superRefine((schema, ctx) => {
    try {
      ajv.compile(withoutComponentRefs(schema) as object);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `not a valid JSON Schema: ${(error as Error).message}` });
    }
  });

/** A JSON Schema object whose top level is `type: object` (MCP tool input and output schemas). */
export const objectJsonSchema = jsonSchema.refine((s) => s.type === 'object', 'must have "type": "object"');

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;
