import { McpError } from '../../runtime/mcp/mcp-error.ts';
import { findDuplicateKey } from '../../runtime/json/find-duplicate-key.ts';

/** One parsed JSON-RPC 2.0 message: what the gate needs to decide, nothing more. */
export type JsonRpcMessage =
  | { kind: 'request'; id: string | number; method: string; params: unknown }
  | { kind: 'notification'; method: string; params: unknown }
  | { kind: 'response'; id: string | number | null };

/** Why a body is not one JSON-RPC message: a parse error or an invalid request (JSON-RPC 2.0 §5.1). */
const invalid = (detail: string, id: string | number | null = null) => new McpError('ERR_MCP_INVALID_REQUEST', detail, { id });

// One decoder for every body: decoding without `stream` keeps no state between calls.
const UTF8 = new TextDecoder('utf-8', { fatal: true });

const isId = (v: unknown): v is string | number => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/**
 * Parses a POST body as exactly one JSON-RPC 2.0 request, notification or response (MCP Streamable HTTP).
 * Batches are refused: batching left the protocol in 2025-06-18, and an array could hide a tools/call
 * from the gate.
 */
export function toJsonRpcMessage(body: Uint8Array): JsonRpcMessage {
  let value: unknown;
  let text: string;
  try {
    text = UTF8.decode(body);
    value = JSON.parse(text);
  } catch {
    throw new McpError('ERR_MCP_PARSE', 'The body is not valid JSON.');
  }
  const duplicate = findDuplicateKey(text);
  if (duplicate !== undefined) throw invalid(`The member "${duplicate}" appears twice in one object.`);
  if (Array.isArray(value)) throw invalid('Batches (JSON arrays) are not accepted; send one message per request.');
  if (!value || typeof value !== 'object') throw invalid('The body is not a JSON-RPC 2.0 object.');
  const message = value as Record<string, unknown>;
  const id = isId(message.id) ? message.id : null;
  if (message.jsonrpc !== '2.0') throw invalid('The jsonrpc member must be "2.0".', id);
  if ('method' in message) {
    if (typeof message.method !== 'string' || message.method === '') throw invalid('The method member must be a string.', id);
    if (!('id' in message)) return { kind: 'notification', method: message.method, params: message.params };
    if (!isId(message.id)) throw invalid('The id member must be a string or a number.');
    return { kind: 'request', id: message.id, method: message.method, params: message.params };
  }
  if (('result' in message || 'error' in message) && (isId(message.id) || message.id === null)) return { kind: 'response', id };
  throw invalid('The body is neither a request, a notification nor a response.', id);
}
