import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Tool } from '../../content-model/schemas/tool.ts';

/** Checks arguments against a tool's inputSchema: null when valid, else a sentence per problem. */
export type ArgumentsValidator = (name: string, args: unknown) => string | null;

/** Compiles every tool's inputSchema once (defaults applied, as JSON Schema 2020-12). */
export function createArgumentsValidator(tools: Tool[]): ArgumentsValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true, useDefaults: true });
  addFormats.default(ajv);
  const compiled = new Map<string, ValidateFunction>(tools.map((t) => [t.name, ajv.compile(t.inputSchema)]));
  return (name, args) => {
    const validate = compiled.get(name);
    if (!validate) return `unknown tool "${name}"`;
    if (validate(args)) return null;
    return (validate.errors ?? [])
      .map((e) => {
        const where = e.instancePath ? `arguments${e.instancePath.replace(/\//g, '.')}` : 'arguments';
        const extra = e.keyword === 'additionalProperties' ? ` ("${(e.params as { additionalProperty: string }).additionalProperty}")` : '';
        return `${where} ${e.message}${extra}`;
      })
      .join('; ');
  };
}
