import type { VerifyAccessToken } from '../../runtime/auth/access-token.ts';
import type { HeaderLookup } from '../../runtime/http/header-lookup.ts';
import { McpError } from '../../runtime/mcp/mcp-error.ts';
import type { AppConfig } from '../config.ts';
import type { Note } from '../observability/request-facts.ts';
import { needsToken, requireAccess } from './gate.ts';
import { requireMatchingHeaders } from './header-match.ts';
import { type ReadMessage, readMessage, toMessageId } from './read-message.ts';

/** A GET, POST or DELETE on the MCP endpoint as its checks see it, whichever runtime carries it. */
export interface McpCheckInput {
  method: string;
  headers: HeaderLookup;
  /** Reads the whole body within `limit` bytes (POST only). */
  readBody(limit: number): Promise<Uint8Array>;
}

/** A request that passed the checks: the body to forward (a POST's) and the id its refusals carry. */
export interface Admitted {
  body: Uint8Array | null;
  id: string | number | null;
}

/** A request's message as read and checked for every MCP path: the POST's message (none for GET or DELETE) and its id. */
export interface ReadMcpRequest {
  read: ReadMessage | undefined;
  id: string | number | null;
}

/**
 * Reads a request's message and checks its headers against it, as every MCP path does before anything else (the docs
 * server's too, which has no gate): an oversized or malformed body, or headers that disagree with it, is refused
 * with an McpError carrying the message's id. The method and tool are noted for the log.
 */
export async function readMcpRequest(config: AppConfig, input: McpCheckInput, note: Note): Promise<ReadMcpRequest> {
  const read = input.method === 'POST' ? await readMessage(input.readBody, config.bodyLimitBytes) : undefined;
  const id = toMessageId(read?.message);
  if (read && read.message.kind !== 'response') {
    const tool = read.message.method === 'tools/call' ? (read.message.params as { name?: unknown } | undefined)?.name : undefined;
    note({ mcpMethod: read.message.method.slice(0, 100), tool: typeof tool === 'string' ? tool.slice(0, 100) : undefined });
  }
  // Headers before auth: a request whose headers and body disagree is malformed whoever sends it.
  if (read) requireMatchingHeaders(input.headers, read.message, id);
  return { read, id };
}

/**
 * The checks after the origin (contract RPC-2 to RPC-4), in order: read the message, check its headers, check the
 * credential. Any refusal is an McpError carrying the message's id. Both the app's handler and the Node fast path
 * run exactly these, so the two can never judge one request differently.
 */
export async function admitMcpRequest(
  config: AppConfig,
  verifyToken: VerifyAccessToken | undefined,
  input: McpCheckInput,
  note: Note,
): Promise<Admitted> {
  const { read, id } = await readMcpRequest(config, input, note);
  if (needsToken(config, input.method, input.headers, read?.message)) {
    try {
      await requireAccess(config, verifyToken, input.headers.get('authorization'), id);
      if (verifyToken) note({ token: 'valid' });
    } catch (error) {
      if (error instanceof McpError) note({ token: error.code });
      throw error;
    }
  }
  return { body: read?.body ?? null, id };
}
