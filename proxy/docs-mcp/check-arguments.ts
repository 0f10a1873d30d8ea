/** The JSON type of a value, in JSON Schema's words (2020-12 Validation §6.1.1; an integer is a number too). */
function toJsonTypes(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  return [typeof value];
}

/**
 * Why a call's arguments do not fit a docs tool's input schema, or undefined when they do: the top level as a docs
 * tool's schema has it (an object, its `required` members, no member it does not name, each member of its `type`).
 * Each tool then checks its values' bounds itself, in the words its endpoint uses (search_docs: /api/search's
 * problems). No JSON Schema compiler: the worker runs no generated code.
 */
export function toArgumentsProblem(schema: Record<string, unknown>, args: unknown): string | undefined {
  if (!args || typeof args !== 'object' || Array.isArray(args)) return 'the arguments must be an object';
  const given = args as Record<string, unknown>;
  const properties = (schema.properties ?? {}) as Record<string, { type?: string }>;
  for (const name of (schema.required ?? []) as string[]) if (given[name] === undefined) return `${name} is required`;
  for (const [name, value] of Object.entries(given)) {
    const property = properties[name];
    if (!property) {
      if (schema.additionalProperties === false) return `${name} is not an argument of this tool`;
      continue;
    }
    if (property.type && !toJsonTypes(value).includes(property.type)) return `${name} must be of type ${property.type}`;
  }
  return undefined;
}
