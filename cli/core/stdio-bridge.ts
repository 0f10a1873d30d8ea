import { PassThrough, type Readable, type Writable } from 'node:stream';
import { StreamableHTTPClientTransport, type AuthProvider, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { MCP_ERROR_CODES } from '../../runtime/mcp/mcp-error.ts';
import { toRpcError } from './rpc-error.ts';
import type { Fetch } from '../../runtime/oauth/fetch-json.ts';

/** The upstream a bridge forwards to, resolved on first use (and again after a failed resolution). */
export interface Upstream {
  url: URL;
  auth: AuthProvider;
}

/** What the bridge needs; nothing of it is global. */
export interface BridgeOptions {
  stdin: Readable;
  stdout: Writable;
  /** One line to stderr: stdout carries JSON-RPC only. */
  log(line: string): void;
  connect(): Promise<Upstream>;
  fetch: Fetch;
}

function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

type Message = JSONRPCMessage & { id?: string | number; method?: string; result?: { protocolVersion?: unknown } };

/**
 * A stdio MCP server that forwards every message to a Streamable HTTP endpoint and every answer back,
 * both sides through the official SDK's transports, so both protocol eras pass through as the upstream
 * speaks them. A request that cannot be forwarded gets a JSON-RPC error and the bridge keeps serving.
 * Resolves when stdin closes and every forwarded request has been answered.
 */
export async function runStdioBridge(o: BridgeOptions): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  // The SDK transport stops writing once its stdin ends; a client may send its requests and close stdin
  // (`printf … | warden mcp`), so the transport's input ends only after every answer is out.
  const input = new PassThrough();
  let pending = '';
  o.stdin.on('data', (chunk: Buffer) => {
    // JSON-RPC 2.0 §5.1 wants -32700 for unparseable input; the SDK's reader skips such lines silently.
    const lines = (pending + chunk.toString('utf8')).split('\n');
    pending = lines.pop()!;
    for (const line of lines)
      if (line.trim() && !isJson(line))
        void reply({
          jsonrpc: '2.0',
          id: null,
          error: { code: MCP_ERROR_CODES.ERR_MCP_PARSE, message: 'Parse error' },
        } as unknown as JSONRPCMessage);
    input.write(chunk);
  });
  o.stdin.once('end', async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    input.end();
  });
  const stdio = new StdioServerTransport(input, o.stdout);
  const handshakes = new Set<string | number>();
  // Requests whose answer has not reached stdout yet, by id: stdin may close before their answers arrive.
  const unanswered = new Map<string | number, () => void>();
  let upstream: Promise<StreamableHTTPClientTransport> | undefined;

  const reply = (message: JSONRPCMessage) => stdio.send(message).catch((error: Error) => o.log(`cannot write to stdout: ${error.message}`));

  const openUpstream = async () => {
    const { url, auth } = await o.connect();
    const http = new StreamableHTTPClientTransport(url, { authProvider: auth, fetch: o.fetch, onInsufficientScope: 'throw' });
    http.onmessage = (message: Message) => {
      // Legacy era: after initialize the negotiated version goes on every request (MCP 2025-11-25 transports).
      if (message.id !== undefined && handshakes.delete(message.id) && typeof message.result?.protocolVersion === 'string') {
        http.setProtocolVersion(message.result.protocolVersion);
      }
      void reply(message).then(() => message.id !== undefined && unanswered.get(message.id)?.());
    };
    // Failures of requests are answered below; this only hears about the background GET stream.
    http.onerror = () => {};
    await http.start();
    return http;
  };

  const forward = async (message: Message) => {
    try {
      upstream ??= openUpstream().catch((error) => {
        upstream = undefined;
        throw error;
      });
      const http = await upstream;
      const id = message.method ? message.id : undefined;
      if (id === undefined) return await http.send(message);
      if (message.method === 'initialize') handshakes.add(id);
      // An answer on a server-sent-events stream arrives after send() returns: wait for it, or for its stream's end.
      const answered = new Promise<void>((resolve) => unanswered.set(id, resolve));
      await http.send(message, { onRequestStreamEnd: () => unanswered.get(id)?.() });
      await answered;
    } catch (error) {
      if (message.id !== undefined && message.method) {
        handshakes.delete(message.id);
        await reply({ jsonrpc: '2.0', id: message.id, error: toRpcError(error, message.id) } as JSONRPCMessage);
      } else {
        o.log(`could not forward ${message.method ?? 'a message'}: ${(error as Error).message}`);
      }
    } finally {
      if (message.id !== undefined) unanswered.delete(message.id);
    }
  };

  stdio.onmessage = (message) => {
    const work = forward(message as Message).finally(() => inFlight.delete(work));
    inFlight.add(work);
  };
  stdio.onerror = (error) => {
    // JSON-RPC 2.0 §5.1: valid JSON that is no JSON-RPC message is -32600, with id null.
    if (error.name !== 'ZodError' && error.name !== '$ZodError') return o.log(`stdin: ${error.message}`);
    void reply({
      jsonrpc: '2.0',
      id: null,
      error: { code: MCP_ERROR_CODES.ERR_MCP_INVALID_REQUEST, message: 'Invalid Request' },
    } as unknown as JSONRPCMessage);
  };
  const closed = new Promise<void>((resolve) => (stdio.onclose = resolve));
  await stdio.start();
  await closed;
  await (await upstream?.catch(() => undefined))?.close();
}
