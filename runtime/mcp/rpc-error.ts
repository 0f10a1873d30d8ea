import type { Errors } from '../../src/schemas/problem.ts';

/** A JSON-RPC error response and the HTTP status it travels with (JSON-RPC 2.0 §5.1; codes from content/errors.yaml). */
export interface RpcErrorAnswer {
  status: number;
  body: { jsonrpc: '2.0'; id: string | number | null; error: { code: number; message: string; data: { detail: string; resolution: string } } };
}

/** The content entry of a JSON-RPC error code; throws naming the code when content has none. */
export function getRpcErrorEntry(errors: Errors, code: number): Errors['jsonrpc'][number] {
  const entry = errors.jsonrpc.find((e) => e.code === code);
  if (!entry) throw new Error(`content/errors.yaml has no JSON-RPC code ${code}`);
  return entry;
}

/** The error answer for `code`: its message, status and resolution from content, with this occurrence's detail. */
export function toRpcErrorAnswer(errors: Errors, code: number, options: { id?: string | number | null; detail?: string } = {}): RpcErrorAnswer {
  const entry = getRpcErrorEntry(errors, code);
  return {
    status: entry.http_status,
    body: {
      jsonrpc: '2.0',
      id: options.id ?? null,
      error: { code, message: entry.message, data: { detail: options.detail ?? entry.cause, resolution: entry.resolution } },
    },
  };
}
