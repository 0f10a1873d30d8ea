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

/**
 * A field's description: its own, or for a `$ref` without one, the referenced shared schema's (the content rules
 * let a `$ref` take the shared schema's description, so a row never shows a blank).
 */
function describe(prop: Schema, shared: Readonly<Record<string, Schema>>): string {
  if (typeof prop.description === 'string') return prop.description;
  const ref = typeof prop.$ref === 'string' ? shared[prop.$ref.replace('#/components/schemas/', '')] : undefined;
  return typeof ref?.description === 'string' ? ref.description : '';
}

/**
 * Flattens an object JSON Schema into rows (nested objects and arrays of objects are expanded); `shared` holds the
 * schemas a `#/components/schemas/<Name>` reference names (content/schemas/).
 */
export function toSchemaRows(schema: Schema, shared: Readonly<Record<string, Schema>> = {}, prefix = ''): SchemaRow[] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).flatMap(([key, prop]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    const row = { name, type: typeOf(prop), required: required.has(key), description: describe(prop, shared) };
    const items = prop.items as Schema | undefined;
    if (isObject(prop) && prop.properties) return [row, ...toSchemaRows(prop, shared, name)];
    if (prop.type === 'array' && isObject(items)) return [row, ...toSchemaRows(items!, shared, `${name}[]`)];
    return [row];
  });
}
