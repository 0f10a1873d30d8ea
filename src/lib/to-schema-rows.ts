/** One property of an object schema, as a reference table row. */
export interface SchemaRow {
  /** Dotted path, e.g. `hosted_starts.used`; `[]` marks array items. */
  name: string;
  type: string;
  required: boolean;
  description: string;
}

type Schema = Record<string, unknown>;

function typeOf(schema: Schema): string {
  if (typeof schema.$ref === 'string') return schema.$ref.replace('#/components/schemas/', '');
  if (schema.const !== undefined) return `${JSON.stringify(schema.const)}`;
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? 'any');
  if (type === 'array' && schema.items && typeof schema.items === 'object') return `array of ${typeOf(schema.items as Schema)}`;
  return typeof schema.format === 'string' ? `${type} (${schema.format})` : type;
}

/** Whether a schema may be an object (`type: object` or a union such as `[object, null]`). */
const isObject = (schema: Schema | undefined) =>
  schema?.type === 'object' || (Array.isArray(schema?.type) && schema.type.includes('object'));

/** Flattens an object JSON Schema into rows (nested objects and arrays of objects are expanded). */
export function toSchemaRows(schema: Schema, prefix = ''): SchemaRow[] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).flatMap(([key, prop]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    const row = { name, type: typeOf(prop), required: required.has(key), description: String(prop.description ?? '') };
    const items = prop.items as Schema | undefined;
    if (isObject(prop) && prop.properties) return [row, ...toSchemaRows(prop, name)];
    if (prop.type === 'array' && isObject(items)) return [row, ...toSchemaRows(items!, `${name}[]`)];
    return [row];
  });
}
