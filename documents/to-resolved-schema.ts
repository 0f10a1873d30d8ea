import type { JsonSchema } from '../content-model/schemas/json-schema.ts';

/** A schema as a reference page shows it: the shared schema's name when it was a `$ref`, and the schema itself. */
export interface ResolvedSchema {
  name?: string;
  schema: Record<string, unknown>;
}

/** Resolves a `#/components/schemas/<Name>` reference against the shared schemas of content/schemas/. */
export function toResolvedSchema(schema: Record<string, unknown> | undefined, schemas: Record<string, JsonSchema>): ResolvedSchema {
  const ref = typeof schema?.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : undefined;
  if (ref && schemas[ref]) return { name: ref, schema: schemas[ref] as Record<string, unknown> };
  return { schema: schema ?? {} };
}

/** `{"a":1}` → the JSON as a reference page prints it (two-space indent). */
export function toPrettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
