import { describe, expect, it } from 'vitest';
import { toSchemaRows } from '../../../documents/to-schema-rows.ts';

describe('toSchemaRows', () => {
  it('flattens nested objects, nullable objects and arrays of objects, with formats, enums and required flags', () => {
    const rows = toSchemaRows({
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'string', description: 'Run id.' },
        started_at: { type: 'string', format: 'date-time' },
        status: { type: 'string', enum: ['running', 'done'] },
        blocked_action: { type: ['object', 'null'], required: ['rule'], properties: { rule: { type: 'string' } } },
        steps: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
        health: { $ref: '#/components/schemas/Health' },
      },
    });
    expect(rows.map((r) => [r.name, r.type, r.required])).toEqual([
      ['id', 'string', true],
      ['started_at', 'string (date-time)', false],
      ['status', '"running" | "done"', false],
      ['blocked_action', 'object | null', false],
      ['blocked_action.rule', 'string', true],
      ['steps', 'array of object', false],
      ['steps[].name', 'string', false],
      ['health', 'Health', false],
    ]);
    expect(rows[0]!.description).toBe('Run id.');
  });

  it("describes a `$ref` field by its own description, else by the shared schema's", () => {
    const shared = { JsonRpcError: { type: 'object', description: 'A JSON-RPC 2.0 error object.' } };
    const rows = toSchemaRows(
      {
        type: 'object',
        properties: {
          error: { $ref: '#/components/schemas/JsonRpcError' },
          cause: { $ref: '#/components/schemas/JsonRpcError', description: 'The error that caused this one.' },
          items: { type: 'array', items: { type: 'object', properties: { error: { $ref: '#/components/schemas/JsonRpcError' } } } },
        },
      },
      shared,
    );
    expect(rows.map((r) => [r.name, r.description])).toEqual([
      ['error', 'A JSON-RPC 2.0 error object.'],
      ['cause', 'The error that caused this one.'],
      ['items', ''],
      ['items[].error', 'A JSON-RPC 2.0 error object.'],
    ]);
  });
});
