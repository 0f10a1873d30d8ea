import { HTTPError } from 'h3';
import type { Errors } from '../../src/schemas/problem.ts';

/** What the one error renderer needs beyond the status: the content code and this occurrence's detail. */
export interface ErrorData {
  /** RFC 9457 `code` (content/errors.yaml `problems`), used on `/api/*`. */
  problemCode?: string;
  /** JSON-RPC error code (content/errors.yaml `jsonrpc`), used on the MCP paths. */
  rpcCode?: number;
  /** The `id` of the JSON-RPC request, when it was parsed. */
  rpcId?: string | number | null;
  /** A safe, human-readable explanation of this occurrence; never an internal cause. */
  detail?: string;
}

interface Options {
  detail?: string;
  headers?: HeadersInit;
  id?: string | number | null;
}

/** An HTTPError carrying a problem code; its status is the code's status in content/errors.yaml (RFC 9457 §3.1). */
export function createProblemError(errors: Errors, code: string, options: Options = {}): HTTPError<ErrorData> {
  const entry = errors.problems.find((p) => p.code === code);
  if (!entry) throw new Error(`content/errors.yaml has no problem code "${code}"`);
  return new HTTPError<ErrorData>({
    status: entry.status,
    message: entry.title,
    headers: options.headers,
    data: { problemCode: code, detail: options.detail },
  });
}

/** An HTTPError carrying a JSON-RPC code; its status is the code's `http_status` in content/errors.yaml. */
export function createRpcError(errors: Errors, code: number, options: Options = {}): HTTPError<ErrorData> {
  const entry = errors.jsonrpc.find((e) => e.code === code);
  if (!entry) throw new Error(`content/errors.yaml has no JSON-RPC code ${code}`);
  return new HTTPError<ErrorData>({
    status: entry.http_status,
    message: entry.message,
    headers: options.headers,
    data: { rpcCode: code, rpcId: options.id ?? null, detail: options.detail },
  });
}
