import type { Readable, Writable } from 'node:stream';
import { StreamableHTTPClientTransport, type AuthProvider, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { toRpcError } from './rpc-error.ts';
import type { Fetch } from './http-json.ts';

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

type Message = JSONRPCMessage & { id?: string | number; method?: string; result?: { protocolVersion?: unknown } };

/**
 * A stdio MCP server that forwards every message to a Streamable HTTP endpoint and every answer back,
 * both sides through the official SDK's transports, so both protocol eras pass through as the upstream
 * speaks them. A request that cannot be forwarded gets a JSON-RPC error and the bridge keeps serving.
 * Resolves when stdin closes and every forwarded request has been answered.
 */
export async function runStdioBridge(o: BridgeOptions): Promise<void> {
  const stdio = new StdioServerTransport(o.stdin, o.stdout);
  const inFlight = new Set<Promise<void>>();
  const handshakes = new Set<string | number>();
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
      void reply(message);
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
      if (message.method === 'initialize' && message.id !== undefined) handshakes.add(message.id);
      await http.send(message);
    } catch (error) {
      if (message.id !== undefined && message.method) {
        handshakes.delete(message.id);
        await reply({ jsonrpc: '2.0', id: message.id, error: toRpcError(error, message.id) } as JSONRPCMessage);
      } else {
        o.log(`could not forward ${message.method ?? 'a message'}: ${(error as Error).message}`);
      }
    }
  };

  stdio.onmessage = (message) => {
    const work = forward(message as Message).finally(() => inFlight.delete(work));
    inFlight.add(work);
  };
  stdio.onerror = (error) => {
    // JSON-RPC 2.0 §5.1: unparseable input is -32700, valid JSON that is no message is -32600; id null.
    const code = error instanceof SyntaxError ? -32700 : error.name === 'ZodError' || error.name === '$ZodError' ? -32600 : undefined;
    if (code === undefined) return o.log(`stdin: ${error.message}`);
    void reply({ jsonrpc: '2.0', id: null, error: { code, message: code === -32700 ? 'Parse error' : 'Invalid Request' } } as unknown as JSONRPCMessage);
  };
  const closed = new Promise<void>((resolve) => (stdio.onclose = resolve));
  await stdio.start();
  await closed;
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  await (await upstream?.catch(() => undefined))?.close();
}
