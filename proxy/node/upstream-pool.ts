import { Agent, buildConnector, type Dispatcher } from 'undici';
import { UpstreamError } from '../forward/forwarder.ts';

/** What the MCP fast path hears of one upstream exchange, as it happens (no stream or message object around it). */
export interface UpstreamCallbacks {
  /** Called once, first: a way to drop the exchange (the client left) and to pause and resume the body. */
  onStart(control: UpstreamControl): void;
  onHead(status: number, headers: Record<string, string | string[] | undefined>): void;
  onData(chunk: Buffer): void;
  onEnd(): void;
  /** The exchange failed: before the head (→ 502 or 504), or the body broke off after it. */
  onError(error: UpstreamError): void;
}

/** Drops an exchange, or holds its body back while the client is slow to read. */
export interface UpstreamControl {
  abort(reason: Error): void;
  pause(): void;
  resume(): void;
}

/** One POST to the upstream over the pool, its answer told to `callbacks`. */
export type UpstreamDispatch = (request: { url: string; headers: Record<string, string>; body: Uint8Array }, callbacks: UpstreamCallbacks) => void;

/** A connection that the upstream closed or reset: the request may never have reached it. */
const CLOSED_CODES: ReadonlySet<string> = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/** Marks a socket error from a connection that had read an answer before (undici's own socket errors say so themselves). */
const ANSWERED_BEFORE = Symbol('answered before');
type SocketFailure = Error & { code?: string; socket?: { bytesRead?: number }; [ANSWERED_BEFORE]?: boolean };

/** Whether a failure is a pooled connection closing under a request: reset or closed, after it had answered before. */
const isStaleConnection = (error: SocketFailure): boolean =>
  CLOSED_CODES.has(error.code ?? '') && (error[ANSWERED_BEFORE] === true || (error.socket?.bytesRead ?? 0) > 0);

/** undici's connector, whose sockets mark their errors when they had read bytes before (a reused connection). */
function toMarkingConnector(timeoutMs: number): buildConnector.connector {
  const connect = buildConnector({ timeout: timeoutMs });
  return (options, callback) => connect(options, (error, socket) => {
    if (!socket) return callback(error ?? new Error('no connection'), null);
    // Added before undici's own listeners, so the mark is on the error when undici hands it on.
    socket.on('error', (failure: SocketFailure) => void (failure[ANSWERED_BEFORE] = socket.bytesRead > 0));
    callback(null, socket);
  });
}

/**
 * A failure in the words the log and metrics use (proxy/node/metrics.ts: toCauseLabel): `timeout`, a system code
 * (`ECONNREFUSED`), or a code and undici's words (`UND_ERR_SOCKET: other side closed`). undici's parse errors carry
 * llhttp's words but no code, so they read `HTTPParserError: Invalid character in chunk size`.
 */
function toUpstreamError(error: SocketFailure): UpstreamError {
  if (error.code === 'UND_ERR_HEADERS_TIMEOUT' || error.code === 'UND_ERR_CONNECT_TIMEOUT') return new UpstreamError('timeout');
  if (error.code && !error.code.startsWith('UND_ERR')) return new UpstreamError('unreachable', error.code);
  const words = /\((.*)\)$/.exec(error.message)?.[1] ?? error.message;
  return new UpstreamError('unreachable', `${error.code ?? error.name}: ${words}`.slice(0, 200));
}

/**
 * The MCP fast path's keep-alive pool to the upstream: undici's dispatcher, whose callbacks hand the answer over
 * without an IncomingMessage, a ClientRequest or an agent's socket bookkeeping around it. Measured against a
 * node:http keep-alive pipe proxy forwarding the same tools/list answer: about 30 % less CPU per request
 * (BENCHMARKS.md).
 *
 * Pooled connections: undici retires idle sockets before the upstream's `Keep-Alive: timeout` hint (RFC 9112 §9.3)
 * and lets an idle socket's pending close arrive before it reuses it. A request that still meets a connection the
 * upstream closed, on a socket that had answered before, fails before its answer's head: it is sent once more on a
 * new one (the upstream never saw it: the rule Node's documentation gives for `request.reusedSocket`).
 *
 * `timeoutMs` bounds the connect and the wait for the answer's head (→ UpstreamError timeout); the body may then
 * stream as long as the caller's idle limit allows (undici's own body timeout is off).
 */
export function createUpstreamPool(options: { timeoutMs: number; idleSocketMs?: number }): { dispatch: UpstreamDispatch; close(): Promise<void> } {
  const agent = new Agent({
    connections: 256, keepAliveTimeout: options.idleSocketMs ?? 4000, headersTimeout: options.timeoutMs, bodyTimeout: 0,
    connect: toMarkingConnector(options.timeoutMs),
  });
  // The upstream is one configured URL: split once, not per request.
  let parsed: { url: string; origin: string; path: string } | undefined;

  const send = (request: Parameters<UpstreamDispatch>[0], callbacks: UpstreamCallbacks, mayRetry: boolean): void => {
    if (parsed?.url !== request.url) {
      const target = new URL(request.url);
      parsed = { url: request.url, origin: target.origin, path: `${target.pathname}${target.search}` };
    }
    let afterHead = false;
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart: (controller) => callbacks.onStart(controller),
      onResponseStart: (_controller, status, headers) => {
        afterHead = true;
        callbacks.onHead(status, headers);
      },
      onResponseData: (_controller, chunk) => callbacks.onData(chunk),
      onResponseEnd: () => callbacks.onEnd(),
      onResponseError: (_controller, error) => {
        if (afterHead) return callbacks.onError(toUpstreamError(error));
        if (mayRetry && isStaleConnection(error)) return send(request, callbacks, false);
        callbacks.onError(toUpstreamError(error));
      },
    };
    agent.dispatch({ origin: parsed.origin, path: parsed.path, method: 'POST', headers: request.headers, body: request.body }, handler);
  };

  return {
    dispatch: (request, callbacks) => send(request, callbacks, true),
    // On shutdown, streams still open are dropped, not waited for.
    close: () => agent.destroy(),
  };
}
