import { z } from 'zod';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
/** The schemas (their JSON, component references taken out) that compiled in this process. */
const compiled = new Set<string>();

// References into the OpenAPI components are checked by the content reader, not here.
function withoutComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutComponentRefs);
  if (!value || typeof value !== 'object') return value;
  const ref = (value as Record<string, unknown>).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/')) return {};
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutComponentRefs(v)]));
}

// Keywords whose value is one subschema, a list of them, or a map of them (JSON Schema 2020-12 §10, §8.2.4).
const ONE_SCHEMA = [
  'items',
  'additionalProperties',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
// Every other keyword of JSON Schema 2020-12 (Core §8, Validation §6–§9) and of OpenAPI 3.1's Schema Object (§4.8.24).
const OTHER_KEYWORDS = [
  '$schema',
  '$id',
  '$ref',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$vocabulary',
  '$comment',
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxContains',
  'minContains',
  'maxProperties',
  'minProperties',
  'required',
  'dependentRequired',
  'format',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
  'title',
  'description',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'examples',
  'example',
  'discriminator',
  'xml',
  'externalDocs',
];
const KEYWORDS = new Set([...ONE_SCHEMA, ...SCHEMA_LISTS, ...SCHEMA_MAPS, ...OTHER_KEYWORDS]);

type SchemaPath = Array<string | number>;
const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** Calls `visit` with every schema object inside a schema (itself included) and its path. Examples and defaults are data and not walked. */
function visitSchemas(schema: unknown, visit: (schema: Record<string, unknown>, path: SchemaPath) => void, path: SchemaPath = []): void {
  if (!isObject(schema)) return;
  visit(schema, path);
  for (const key of ONE_SCHEMA) visitSchemas(schema[key], visit, [...path, key]);
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) for (const [i, sub] of list.entries()) visitSchemas(sub, visit, [...path, key, i]);
  }
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (isObject(map)) for (const [name, sub] of Object.entries(map)) visitSchemas(sub, visit, [...path, key, name]);
  }
}

const isDescribed = (field: Record<string, unknown>) =>
  (typeof field.description === 'string' && field.description.trim() !== '') || typeof field.$ref === 'string';

/**
 * The path of every field (a member of `properties`, at any depth) that has no `description`: agents read these
 * schemas to fill arguments and read results, and a bare name leaves them guessing. A `$ref` counts as described,
 * since the shared schema it names has a description of its own.
 */
export function findUndescribedFields(schema: unknown): SchemaPath[] {
  const found: SchemaPath[] = [];
  visitSchemas(schema, (s, path) => {
    if (!isObject(s.properties)) return;
    for (const [name, field] of Object.entries(s.properties))
      if (isObject(field) && !isDescribed(field)) found.push([...path, 'properties', name]);
  });
  return found;
}

/**
 * The path of every member of a schema object that is no keyword (an `x-` extension is one). In YAML's flow style an
 * unquoted comma ends a value, so `{ description: A, b. }` is a description "A" and a stray member "b.": this finds it.
 */
export function findUnknownKeywords(schema: unknown): SchemaPath[] {
  const found: SchemaPath[] = [];
  visitSchemas(schema, (s, path) => {
    for (const key of Object.keys(s)) if (!KEYWORDS.has(key) && !key.startsWith('x-')) found.push([...path, key]);
  });
  return found;
}

/** A JSON Schema (2020-12) object that Ajv can compile and whose every field has a description; the message says why not. */
export const jsonSchema = z.record(z.string(), z.unknown()).superRefine((schema, ctx) => {
  const checked = withoutComponentRefs(schema) as object;
  const key = JSON.stringify(checked);
  // Ajv caches a compiled schema by object identity, and each read of the content makes new objects: a schema
  // already compiled in this process is known to compile, so reading the content again neither compiles it nor
  // adds it to Ajv's cache once more.
  if (!compiled.has(key)) {
    try {
      ajv.compile(checked);
      compiled.add(key);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `not a valid JSON Schema: ${(error as Error).message}` });
    }
  }
  for (const path of findUndescribedFields(schema)) {
    ctx.addIssue({
      code: 'custom',
      path,
      message: 'no description: say what this field holds (agents read it to fill arguments and read results)',
    });
  }
  for (const path of findUnknownKeywords(schema)) {
    ctx.addIssue({
      code: 'custom',
      path,
      message: 'not a JSON Schema keyword (in a YAML { … } mapping an unquoted comma ends a value: quote text that has one)',
    });
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
