import http from 'node:http';
import https from 'node:https';
import { FastResponse } from 'srvx/node';
import { isBodyless, isEventStream, UpstreamError, type Forwarder, type UpstreamRequest } from '../forward/forwarder.ts';
import { guardIdle, toPipeSource } from './idle-guard.ts';

/** The code of a socket or parser error (`ECONNREFUSED`, `HPE_HEADER_OVERFLOW`), else its message. */
function toReason(error: Error | null | undefined): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? error?.message ?? 'closed before the body';
}

function toHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

/** Errors of a pooled connection that the upstream closed while it sat idle: the request never reached it. */
const STALE_SOCKET = new Set(['ECONNRESET', 'EPIPE']);

/**
 * The Node forwarder: `node:http` over keep-alive agents. Measured against `undici.request` and
 * `fetch` inside this app (bench/forwarders/compare-forwarders.ts) it forwarded the most requests per second
 * with the lowest p99, and it streams: the response body is handed on chunk by chunk.
 *
 * Pooled connections: an upstream closes an idle keep-alive connection after its own timeout, and a request
 * written to it at that moment fails with ECONNRESET (the 502s under load). The agent's `timeout` retires idle
 * sockets first (Node then also honours a shorter `Keep-Alive: timeout=N` hint, RFC 9112 §9.3, which it ignores
 * without one), and a request that fails that way on a reused socket, before any answer, is sent once more on a
 * new one, as the Node documentation advises (http: request.reusedSocket).
 */
export function createHttpForwarder(options: { timeoutMs: number; idleSocketMs?: number }): Forwarder & { close(): Promise<void> } {
  const agentOptions = { keepAlive: true, keepAliveMsecs: 10_000, maxSockets: 256, maxFreeSockets: 64, timeout: options.idleSocketMs ?? 4000 };
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

  const attempt = (request: UpstreamRequest, mayRetry: boolean): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const { method, url, headers, body, signal, idle } = request;
      const target = new URL(url);
      const secure = target.protocol === 'https:';
      let settled = false;
      let timedOut = false;
      const req = (secure ? https : http).request(
        target,
        { method, headers: Object.fromEntries(headers), agent: secure ? agents.https : agents.http, signal },
        (res) => {
          settled = true;
          clearTimeout(timer);
          // After the headers, failures (a reset mid-stream) error the web stream below; the server adapter
          // then drops the client connection. This listener keeps them from becoming uncaught: an unhandled body error once took the whole process down.
          res.on('error', () => {});
          const status = res.statusCode ?? 502;
          const responseHeaders = toHeaders(res.rawHeaders);
          if (isBodyless(status, method)) {
            res.resume();
            return resolve(new Response(null, { status, headers: responseHeaders }));
          }
          // A body that is malformed from its first byte fails in the same packet as the headers: answered 502
          // here, while no byte has gone to the client, rather than as a response that breaks off at once.
          setImmediate(() => {
            if (failure || res.errored || (res.destroyed && !res.complete)) return reject(new UpstreamError('unreachable', toReason(res.errored ?? failure)));
            // srvx's FastResponse takes a source it pipes to the client's response, with no web stream between
            // (measured: the web-stream adapters and stream.pipeline were a fifth of a forwarded request's CPU time).
            const streamed = guardIdle(res, { idleMs: idle.ms, cleanEnd: isEventStream(responseHeaders), onIdle: idle.onIdle });
            resolve(new FastResponse(toPipeSource(streamed) as unknown as ReadableStream, { status, headers: responseHeaders }) as Response);
          });
        },
      );
      // The timeout covers the wait for response headers; streams may then stay open as long as the client wants.
      const timer = setTimeout(() => {
        timedOut = true;
        req.destroy();
      }, options.timeoutMs);
      let failure: Error | undefined;
      req.on('error', (error) => {
        clearTimeout(timer);
        failure = error;
        if (settled) return;
        settled = true;
        if (signal.aborted) return reject(error);
        if (timedOut) return reject(new UpstreamError('timeout'));
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (mayRetry && req.reusedSocket && STALE_SOCKET.has(code)) return resolve(attempt(request, false));
        reject(new UpstreamError('unreachable', toReason(error)));
      });
      req.end(body ?? undefined);
    });

  return Object.assign((request: UpstreamRequest) => attempt(request, true), {
    close: async () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  });
}
