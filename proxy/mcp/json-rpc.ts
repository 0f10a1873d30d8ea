import { findDuplicateKey } from '../../runtime/json/find-duplicate-key.ts';

/** One parsed JSON-RPC 2.0 message: what the gate needs to decide, nothing more. */
export type JsonRpcMessage =
  | { kind: 'request'; id: string | number; method: string; params: unknown }
  | { kind: 'notification'; method: string; params: unknown }
  | { kind: 'response'; id: string | number | null };

/** Why a body is not one JSON-RPC message: -32700 parse error or -32600 invalid request (JSON-RPC 2.0 §5.1). */
export class JsonRpcParseError extends Error {
  override name = 'JsonRpcParseError';
  constructor(
    readonly code: -32700 | -32600,
    readonly detail: string,
    readonly id: string | number | null = null,
  ) {
    super(detail);
  }
}

const isId = (v: unknown): v is string | number => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/**
 * Parses a POST body as exactly one JSON-RPC 2.0 request, notification or response (MCP Streamable HTTP).
 * Batches are refused: batching left the protocol in 2025-06-18, and an array could hide a tools/call
 * from the gate (mcp.md §6.6).
 */
export function toJsonRpcMessage(body: Uint8Array): JsonRpcMessage {
  let value: unknown;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    value = JSON.parse(text);
  } catch {
    throw new JsonRpcParseError(-32700, 'The body is not valid JSON.');
  }
  const duplicate = findDuplicateKey(text);
  if (duplicate !== undefined) throw new JsonRpcParseError(-32600, `The member "${duplicate}" appears twice in one object.`);
  if (Array.isArray(value)) throw new JsonRpcParseError(-32600, 'Batches (JSON arrays) are not accepted; send one message per request.');
  if (!value || typeof value !== 'object') throw new JsonRpcParseError(-32600, 'The body is not a JSON-RPC 2.0 object.');
  const message = value as Record<string, unknown>;
  const id = isId(message.id) ? message.id : null;
  if (message.jsonrpc !== '2.0') throw new JsonRpcParseError(-32600, 'The jsonrpc member must be "2.0".', id);
  if ('method' in message) {
    if (typeof message.method !== 'string' || message.method === '') throw new JsonRpcParseError(-32600, 'The method member must be a string.', id);
    if (!('id' in message)) return { kind: 'notification', method: message.method, params: message.params };
    if (!isId(message.id)) throw new JsonRpcParseError(-32600, 'The id member must be a string or a number.');
    return { kind: 'request', id: message.id, method: message.method, params: message.params };
  }
  if (('result' in message || 'error' in message) && (isId(message.id) || message.id === null)) return { kind: 'response', id };
  throw new JsonRpcParseError(-32600, 'The body is neither a request, a notification nor a response.', id);
}
