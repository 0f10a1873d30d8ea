import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { urlToHttpOptions } from 'node:url';
import { UpstreamError } from '../forward/forwarder.ts';

/** One request to the upstream in node:http's terms. */
export interface NodeUpstreamRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Uint8Array | null;
  /** Aborted when the client goes away (the app's request signal): the upstream request is then dropped. */
  signal?: AbortSignal;
}

/** Sends a request upstream; resolves with the response as soon as its headers arrive. */
export type UpstreamSender = (request: NodeUpstreamRequest) => Promise<IncomingMessage>;

/** The code of a socket or parser error (`ECONNREFUSED`, `HPE_HEADER_OVERFLOW`), else its message. */
function toReason(error: Error | null | undefined): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? error?.message ?? 'closed before the body';
}

/** Errors of a pooled connection that the upstream closed while it sat idle: the request never reached it. */
const STALE_SOCKET = new Set(['ECONNRESET', 'EPIPE']);

/**
 * `node:http` over keep-alive agents. Measured against `undici.request` and `fetch` inside this app
 * (bench/forwarders/compare-forwarders.ts) it forwarded the most requests per second with the lowest p99.
 *
 * Pooled connections: an upstream closes an idle keep-alive connection after its own timeout, and a request
 * written to it at that moment fails with ECONNRESET (the 502s under load). The agent's `timeout` retires idle
 * sockets first (Node then also honours a shorter `Keep-Alive: timeout=N` hint, RFC 9112 §9.3, which it ignores
 * without one), and a request that fails that way on a reused socket, before any answer, is sent once more on a
 * new one, as the Node documentation advises (http: request.reusedSocket).
 *
 * `timeoutMs` covers the wait for the response headers; a body may then stream as long as the client wants, within
 * the idle limit the caller keeps. Failures before the headers reject with UpstreamError.
 */
export function createUpstreamSender(options: { timeoutMs: number; idleSocketMs?: number }): UpstreamSender & { close(): void } {
  const agentOptions = { keepAlive: true, keepAliveMsecs: 10_000, maxSockets: 256, maxFreeSockets: 64, timeout: options.idleSocketMs ?? 4000 };
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };
  // The upstream is one configured URL: it is parsed once, not per request, and its options written out field by
  // field per request (a literal of one shape, where a spread copies property by property).
  let parsed: { url: string; secure: boolean; target: Pick<http.RequestOptions, 'protocol' | 'hostname' | 'port' | 'path' | 'auth'> } | undefined;
  const parse = (url: string) => {
    const target = new URL(url);
    const { protocol, hostname, port, path, auth } = urlToHttpOptions(target);
    return { url, secure: protocol === 'https:', target: { protocol, hostname, port, path, auth } };
  };

  const attempt = (request: NodeUpstreamRequest, mayRetry: boolean): Promise<IncomingMessage> =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const { method, headers, body, signal } = request;
      if (parsed?.url !== request.url) parsed = parse(request.url);
      const { secure, target } = parsed;
      let settled = false;
      let timedOut = false;
      let failure: Error | undefined;
      const req = (secure ? https : http).request({
        protocol: target.protocol, hostname: target.hostname, port: target.port, path: target.path, auth: target.auth,
        method, headers, agent: secure ? agents.https : agents.http, signal,
      }, (res) => {
        settled = true;
        clearTimeout(timer);
        // After the headers, failures (a reset mid-stream) reach the client through the body; this listener keeps
        // them from becoming uncaught: an unhandled body error once took the whole process down.
        res.on('error', () => {});
        // A body that is malformed from its first byte fails in the same packet as the headers: answered 502 here,
        // while no byte has gone to the client, rather than as a response that breaks off at once. Waiting for the
        // loop's next turn (not just the next tick) also lets the rest of the packet's body arrive before anyone
        // reads it, and costs less CPU than process.nextTick (BENCHMARKS.md).
        setImmediate(() => {
          if (failure || res.errored || (res.destroyed && !res.complete)) return reject(new UpstreamError('unreachable', toReason(res.errored ?? failure)));
          resolve(res);
        });
      });
      const timer = setTimeout(() => {
        timedOut = true;
        req.destroy();
      }, options.timeoutMs);
      req.on('error', (error) => {
        clearTimeout(timer);
        failure = error;
        if (settled) return;
        settled = true;
        if (signal?.aborted) return reject(error);
        if (timedOut) return reject(new UpstreamError('timeout'));
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (mayRetry && req.reusedSocket && STALE_SOCKET.has(code)) return resolve(attempt(request, false));
        reject(new UpstreamError('unreachable', toReason(error)));
      });
      req.end(body ?? undefined);
    });

  return Object.assign((request: NodeUpstreamRequest) => attempt(request, true), {
    close: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  });
}
