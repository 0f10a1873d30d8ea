import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { isBodyless, UpstreamError, type Forwarder } from '../forward/forwarder.ts';

/** The code of a socket or parser error (`ECONNREFUSED`, `HPE_HEADER_OVERFLOW`), else its message. */
function toReason(error: Error | null | undefined): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? error?.message ?? 'closed before the body';
}

function toHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

/**
 * The Node forwarder: `node:http` over keep-alive agents. Measured against `undici.request` and
 * `fetch` inside this app (bench/forwarders/compare-forwarders.ts) it forwarded the most requests per second
 * with the lowest p99, and it streams: the response body is handed on chunk by chunk.
 */
export function createHttpForwarder(options: { timeoutMs: number }): Forwarder & { close(): Promise<void> } {
  const agentOptions = { keepAlive: true, keepAliveMsecs: 10_000, maxSockets: 256, maxFreeSockets: 64 };
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

  const forward: Forwarder = ({ method, url, headers, body, signal }) =>
    new Promise<Response>((resolve, reject) => {
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
            resolve(new Response(Readable.toWeb(res) as ReadableStream<Uint8Array>, { status, headers: responseHeaders }));
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
        reject(signal.aborted ? error : timedOut ? new UpstreamError('timeout') : new UpstreamError('unreachable', toReason(error)));
      });
      req.end(body ?? undefined);
    });

  return Object.assign(forward, {
    close: async () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  });
}
