import { Agent, buildConnector, type Dispatcher } from 'undici';
import { UpstreamError } from '../forward/forwarder.ts';

/** What the Node door hears of one upstream exchange, as it happens (no stream or message object around it). */
export interface UpstreamCallbacks {
  /** The final answer's status and headers (1xx interim answers are not told). */
  onHead(status: number, headers: Record<string, string | string[] | undefined>): void;
  onData(chunk: Buffer): void;
  onEnd(): void;
  /** The exchange failed: before the head (→ 502 or 504), or the body broke off after it. */
  onError(error: UpstreamError): void;
}

/** Drops an exchange (the client left, waiting or not), or holds its body back while the client is slow to read. */
export interface UpstreamControl {
  abort(reason: Error): void;
  pause(): void;
  resume(): void;
}

/** One request to the upstream over the pool (a POST unless `method` says otherwise), its answer told to `callbacks`. */
export type UpstreamDispatch = (
  request: { url: string; method?: string; headers: Record<string, string>; body: Uint8Array | null },
  callbacks: UpstreamCallbacks,
) => UpstreamControl;

/**
 * How often a request that met a closing pooled connection is sent again: the upstream may close several idle
 * connections at once, and the next one the pool hands out may be one of them.
 */
const STALE_RETRIES = 3;

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
  const connect = buildConnector({ timeout: timeoutMs, allowH2: false });
  return (options, callback) =>
    connect(options, (error, socket) => {
      if (!socket) return callback(error ?? new Error('no connection'), null);
      // Added before undici's own listeners, so the mark is on the error when undici hands it on.
      socket.on('error', (failure: SocketFailure) => {
        failure[ANSWERED_BEFORE] = socket.bytesRead > 0;
      });
      callback(null, socket);
    });
}

/**
 * A failure in the words the log and metrics use (proxy/observability/metrics.ts: toCauseLabel): `timeout`, a system code
 * (`ECONNREFUSED`), or a code and undici's words (`UND_ERR_SOCKET: other side closed`). undici's parse errors carry
 * llhttp's words but no code, so they read `HTTPParserError: Invalid character in chunk size`.
 */
function toUpstreamError(error: SocketFailure): UpstreamError {
  if (error instanceof UpstreamError) return error;
  // Only a system or undici code is a string; an abort's DOMException carries a legacy numeric code.
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return new UpstreamError('timeout');
  if (code && !code.startsWith('UND_ERR')) return new UpstreamError('unreachable', code);
  const words = /\((.*)\)$/.exec(error.message)?.[1] ?? error.message;
  return new UpstreamError('unreachable', `${code ?? error.name}: ${words}`.slice(0, 200));
}

/**
 * The Node server's one keep-alive pool to the upstream (HTTP/1.1), for the Node door and `npm run dev` alike: undici's
 * dispatcher hands the answer over without the IncomingMessage and ClientRequest node:http would build around it.
 * `timeoutMs` bounds the wait for the answer's head (a free connection, the connect, the upstream's time); the body
 * then streams under the caller's idle limit. A request that meets a reused connection the upstream had closed, and
 * fails before any byte of its answer, is sent again up to STALE_RETRIES times: the upstream never saw it (Node's
 * documentation of `request.reusedSocket`; RFC 9112 §9.3.1 lets a server close an idle connection at any time).
 */
export function createUpstreamPool(options: { timeoutMs: number; idleSocketMs?: number; connections?: number }): {
  dispatch: UpstreamDispatch;
  close(): Promise<void>;
} {
  const agent = new Agent({
    connections: options.connections ?? 256,
    keepAliveTimeout: options.idleSocketMs ?? 4000,
    headersTimeout: options.timeoutMs,
    bodyTimeout: 0,
    allowH2: false,
    connect: toMarkingConnector(options.timeoutMs),
  });
  // The upstream is one configured URL: split once, not per request.
  let parsed: { url: string; origin: string; path: string } | undefined;

  const dispatch: UpstreamDispatch = (request, callbacks) => {
    if (parsed?.url !== request.url) {
      const target = new URL(request.url);
      parsed = { url: request.url, origin: target.origin, path: `${target.pathname}${target.search}` };
    }
    const { origin, path } = parsed;
    let controller: Dispatcher.DispatchController | undefined;
    /** Why the exchange was dropped (the client left, the timeout), even while it waits for a connection. */
    let dropped: Error | undefined;
    let over = false;
    const fail = (error: Error) => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      callbacks.onError(toUpstreamError(error));
    };
    const drop = (reason: Error) => {
      dropped ??= reason;
      // Aborting calls onResponseError at once; a request still queued is dropped when it reaches a connection.
      controller?.abort(reason);
    };
    const timer = setTimeout(() => {
      drop(new UpstreamError('timeout'));
      fail(new UpstreamError('timeout'));
    }, options.timeoutMs);

    const attempt = (retries: number) => {
      let answering = false;
      let headed = false;
      agent.dispatch(
        { origin, path, method: request.method ?? 'POST', headers: request.headers, body: request.body },
        {
          onRequestStart: (started) => {
            controller = started;
            // Dropped while it waited for a connection: thrown here, undici fails the request before writing it and
            // keeps the connection (aborting would destroy it).
            if (dropped) throw dropped;
          },
          // A byte of the answer arrived: the upstream has the request, which is then never sent again.
          onResponseStarted: () => {
            answering = true;
          },
          onResponseStart: (_controller, status, headers) => {
            // Interim 1xx answers (RFC 9110 §15.2) come before the answer; undici hands them over too.
            if (status < 200) return;
            headed = true;
            clearTimeout(timer);
            callbacks.onHead(status, headers);
          },
          onResponseData: (_controller, chunk) => callbacks.onData(chunk),
          onResponseEnd: () => {
            if (over) return;
            over = true;
            callbacks.onEnd();
          },
          onResponseError: (_controller, error) => {
            if (retries > 0 && !headed && !answering && !dropped && isStaleConnection(error)) return attempt(retries - 1);
            fail(error);
          },
        },
      );
    };
    attempt(STALE_RETRIES);
    return { abort: drop, pause: () => controller?.pause(), resume: () => controller?.resume() };
  };

  return {
    dispatch,
    // On shutdown, streams still open are dropped, not waited for.
    close: () => agent.destroy(),
  };
}
