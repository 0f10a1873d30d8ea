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

// Keywords whose value is one subschema, a list of them, or a map of them (JSON Schema 2020-12 §10, §8.2.4).
const ONE_SCHEMA = ['items', 'additionalProperties', 'contains', 'not', 'if', 'then', 'else', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const isDescribed = (field: Record<string, unknown>) =>
  (typeof field.description === 'string' && field.description.trim() !== '') || typeof field.$ref === 'string';

/**
 * The path of every field (a member of `properties`, at any depth) that has no `description`: agents read these
 * schemas to fill arguments and read results, and a bare name leaves them guessing. A `$ref` counts as described,
 * since the shared schema it names has a description of its own. Examples and defaults are data and not walked.
 */
export function findUndescribedFields(schema: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (!isObject(schema)) return [];
  const found: Array<Array<string | number>> = [];
  if (isObject(schema.properties)) {
    for (const [name, field] of Object.entries(schema.properties)) {
      if (isObject(field) && !isDescribed(field)) found.push([...path, 'properties', name]);
    }
  }
  for (const key of ONE_SCHEMA) found.push(...findUndescribedFields(schema[key], [...path, key]));
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((sub, i) => found.push(...findUndescribedFields(sub, [...path, key, i])));
  }
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (isObject(map)) for (const [name, sub] of Object.entries(map)) found.push(...findUndescribedFields(sub, [...path, key, name]));
  }
  return found;
}

/** A JSON Schema (2020-12) object that Ajv can compile and whose every field has a description; the message says why not. */
export const jsonSchema = z
  .record(z.string(), z.unknown())
  .superRefine((schema, ctx) => {
    try {
      ajv.compile(withoutComponentRefs(schema) as object);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `not a valid JSON Schema: ${(error as Error).message}` });
    }
    for (const path of findUndescribedFields(schema)) {
      ctx.addIssue({ code: 'custom', path, message: 'no description: say what this field holds (agents read it to fill arguments and read results)' });
    }
  });

/** A shared schema (`content/schemas/<Name>.yaml`): a JSON Schema with a top-level description, which every `$ref` to it relies on. */
export const sharedJsonSchema = jsonSchema.refine((s) => typeof s.description === 'string' && s.description.trim() !== '', {
  path: ['description'],
  message: 'say what this schema describes (fields that $ref it take this description)',
});

/** A JSON Schema object whose top level is `type: object` (MCP tool input and output schemas). */
export const objectJsonSchema = jsonSchema.refine((s) => s.type === 'object', 'must have "type": "object"');

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;
