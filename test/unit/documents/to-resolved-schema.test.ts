import { describe, expect, it } from 'vitest';
import { getContentDir, readContent } from '../../../content-model/read-content.ts';
import { toPrettyJson, toResolvedSchema } from '../../../documents/to-resolved-schema.ts';

const content = readContent(getContentDir(), {});
const media = content.operations.flatMap((op) => [
  ...Object.values(op.requestBody?.content ?? {}),
  ...Object.values(op.responses).flatMap((r) => Object.values(r.content ?? {})),
]);

/** Every `$ref` string anywhere inside a value. */
const refsIn = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.flatMap(refsIn)
    : v && typeof v === 'object'
      ? Object.entries(v).flatMap(([k, x]) => (k === '$ref' && typeof x === 'string' ? [x] : refsIn(x)))
      : [];

describe('toResolvedSchema', () => {
  it('resolves every body schema of every operation: no $ref is left at the top, and shared ones keep their name', () => {
    const named = media.filter((m) => typeof m.schema.$ref === 'string');
    expect(named.length).toBeGreaterThan(0);
    for (const m of media) {
      const { name, schema } = toResolvedSchema(m.schema as Record<string, unknown>, content.schemas);
      expect(schema).not.toHaveProperty('$ref');
      if (typeof m.schema.$ref === 'string') {
        expect(m.schema.$ref).toBe(`#/components/schemas/${name}`);
        expect(schema).toBe(content.schemas[name!]);
      } else {
        expect(name).toBeUndefined();
        expect(schema).toBe(m.schema);
      }
    }
  });

  it('leaves nested references only where they name a shared schema the page can show by name', () => {
    for (const m of media) {
      const { schema } = toResolvedSchema(m.schema as Record<string, unknown>, content.schemas);
      for (const ref of refsIn(schema)) expect(toResolvedSchema({ $ref: ref }, content.schemas).name).toBeDefined();
    }
  });

  it('passes an inline schema through, gives {} for none, and does not invent a name for an unknown reference', () => {
    expect(toResolvedSchema({ type: 'string' }, content.schemas)).toEqual({ schema: { type: 'string' } });
    expect(toResolvedSchema(undefined, content.schemas)).toEqual({ schema: {} });
    expect(toResolvedSchema({ $ref: '#/components/schemas/Nope' }, content.schemas).name).toBeUndefined();
  });
});

describe('toPrettyJson', () => {
  it('prints with a two-space indent and parses back to the same value', () => {
    const value = { a: [1, { b: null }], c: 'x' };
    expect(toPrettyJson(value)).toBe('{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ],\n  "c": "x"\n}');
    expect(JSON.parse(toPrettyJson(value))).toEqual(value);
  });
});
