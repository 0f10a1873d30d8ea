import { isBodyless, type Forwarder } from '../forward/forwarder.ts';
import { withIdleLimit } from '../forward/idle-limit.ts';
import type { UpstreamDispatch } from './upstream-pool.ts';

/** undici's head fields as web Headers (a repeated field arrives as an array). */
function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

/**
 * The web door's forwarder on Node (`npm run dev`): the keep-alive pool the Node door sends over
 * (proxy/node/upstream-pool.ts: its timeout and its retry of a request that met a closing connection), with the answer
 * as a web Response whose body streams under the idle limit (proxy/forward/idle-watch.ts, as web streams: idle-limit.ts). The
 * body is held back upstream while the client is slow to read, and a client that leaves drops the exchange.
 */
export function createPoolForwarder(dispatch: UpstreamDispatch): Forwarder {
  return ({ method, url, headers, body, signal, idle }) =>
    new Promise<Response>((resolve, reject) => {
      let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
      let response: Response | undefined;
      /** Set once the Response is handed over (or refused); until then a failure is the request's (→ 502), not its body's. */
      let answered = false;
      /** Whether the body stream can still take a chunk, an end or an error (not after one of the last two, or a cancel). */
      let open = true;
      const hand = () => {
        if (answered || !response) return;
        answered = true;
        resolve(response);
      };
      const settle = (act: (controller: ReadableStreamDefaultController<Uint8Array>) => void) => {
        if (!stream || !open) return;
        open = false;
        act(stream);
      };
      const control = dispatch(
        { url, method, headers: Object.fromEntries(headers), body },
        {
          onHead(status, raw) {
            const responseHeaders = toHeaders(raw);
            if (isBodyless(status, method)) {
              answered = true;
              return resolve(new Response(null, { status, headers: responseHeaders }));
            }
            // Up to 64 KiB may wait unread before the upstream is held back, as a Node stream's buffer: a small answer
            // is taken whole, never paused half-read while its connection could close under it.
            const upstream = new ReadableStream<Uint8Array>(
              {
                start: (controller) => {
                  stream = controller;
                },
                pull: () => control.resume(),
                cancel: (reason) => {
                  open = false;
                  control.abort(reason instanceof Error ? reason : new Error('the client stopped reading'));
                },
              },
              new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
            );
            // The Response is handed over with the body's first bytes, as the Node door writes its head
            // (proxy/node/relay-answer.ts): a body malformed from its first byte is then a 502 with nothing sent. The
            // wait for them is under the idle limit too; when it passes, the Response is handed over before the upstream
            // is dropped, so it ends as an idle body does rather than as a failed request.
            const onIdle = () => {
              idle.onIdle?.(status);
              hand();
            };
            const contentType = responseHeaders.get('content-type');
            response = new Response(withIdleLimit(upstream, { idleMs: idle.ms, contentType, onIdle }), {
              status,
              headers: responseHeaders,
            });
          },
          onData(chunk) {
            // undici hands over empty chunks when a paused body resumes: passing them on would pause it again at once.
            if (!stream || !open || chunk.length === 0) return;
            stream.enqueue(chunk);
            if ((stream.desiredSize ?? 1) <= 0) control.pause();
            hand();
          },
          onEnd() {
            settle((controller) => controller.close());
            hand();
          },
          onError(error) {
            if (!answered) {
              answered = true;
              return reject(error);
            }
            settle((controller) => controller.error(error));
          },
        },
      );
      if (signal.aborted) control.abort(signal.reason as Error);
      else signal.addEventListener('abort', () => control.abort(signal.reason as Error), { once: true });
    });
}
