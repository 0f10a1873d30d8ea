import { McpError } from '../../runtime/mcp/mcp-error.ts';
import { toJsonRpcMessage, type JsonRpcMessage } from './json-rpc.ts';
import { BodyIncompleteError, BodyTooLargeError } from './read-body.ts';

/** A POST's body, read once within the limit, and the one JSON-RPC message it holds. */
export interface ReadMessage {
  body: Uint8Array;
  message: JsonRpcMessage;
}

/**
 * Reads and parses a POST body with the runtime's reader (proxy/mcp/read-body.ts for web streams,
 * proxy/node/read-node-body.ts for node:http); refuses an oversized body (-31413), a broken-off one (-32600) or
 * anything but one JSON-RPC message.
 */
export async function readMessage(read: (limit: number) => Promise<Uint8Array>, limit: number): Promise<ReadMessage> {
  let body: Uint8Array;
  try {
    body = await read(limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new McpError('ERR_MCP_BODY_TOO_LARGE', `The body exceeds ${limit} bytes.`);
    if (error instanceof BodyIncompleteError)
      throw new McpError('ERR_MCP_INVALID_REQUEST', 'The request body broke off before its end (RFC 9112 §8).');
    throw error;
  }
  return { body, message: toJsonRpcMessage(body) };
}

/** The id a refusal of this message carries: the request's, or null for notifications and responses' own. */
export function toMessageId(message: JsonRpcMessage | undefined): string | number | null {
  return message?.kind === 'request' ? message.id : null;
}
