import { isBodyless, UpstreamError, type Forwarder } from './forwarder.ts';
import { withIdleLimit } from './idle-limit.ts';

/**
 * A forwarder over the platform `fetch`, for edge runtimes. On Node the pool forwarder is faster
 * (proxy/node/pool-forwarder.ts; bench/forwarders/ compares them); this one runs where only `fetch` exists.
 */
export function createFetchForwarder(options: { timeoutMs: number; fetch?: typeof fetch }): Forwarder {
  const doFetch = options.fetch ?? fetch;
  return async ({ method, url, headers, body, signal, idle }) => {
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
    try {
      const response = await doFetch(url, {
        method,
        headers,
        body: body as BodyInit | null,
        signal: controller.signal,
        redirect: 'manual',
      });
      const out = new Headers(response.headers);
      // fetch decodes compressed bodies, so the upstream's length and encoding no longer describe the bytes.
      out.delete('content-length');
      out.delete('content-encoding');
      const streamed =
        isBodyless(response.status, method) || !response.body
          ? null
          : withIdleLimit(response.body, {
              idleMs: idle.ms,
              contentType: out.get('content-type'),
              onIdle: () => idle.onIdle?.(response.status),
            });
      return new Response(streamed, { status: response.status, headers: out });
    } catch (error) {
      if (signal.aborted) throw error;
      if (timedOut) throw new UpstreamError('timeout');
      // fetch wraps the socket's error: `TypeError: fetch failed` with the code (ECONNREFUSED) in its cause.
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new UpstreamError('unreachable', cause?.code ?? cause?.message ?? (error as Error).message);
    } finally {
      // The abort listener stays: a client that leaves mid-stream must still cancel the upstream body.
      clearTimeout(timer);
    }
  };
}
