import { FastResponse } from 'srvx/node';
import { isBodyless, isEventStream, type Forwarder } from '../forward/forwarder.ts';
import { toPipeSource } from './idle-guard.ts';
import { createUpstreamSender } from './upstream-sender.ts';

function toHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

/**
 * The Node forwarder for the app: the keep-alive `node:http` sender (proxy/node/upstream-sender.ts) with its answer
 * as a web Response that streams, chunk by chunk. The Node fast path has its own pool (proxy/node/upstream-pool.ts).
 */
export function createHttpForwarder(options: { timeoutMs: number; idleSocketMs?: number }): Forwarder & { close(): Promise<void> } {
  const send = createUpstreamSender(options);
  const forward: Forwarder = async ({ method, url, headers, body, signal, idle }) => {
    const res = await send({ method, url, headers: Object.fromEntries(headers), body, signal });
    const status = res.statusCode ?? 502;
    const responseHeaders = toHeaders(res.rawHeaders);
    if (isBodyless(status, method)) {
      res.resume();
      return new Response(null, { status, headers: responseHeaders });
    }
    // srvx's FastResponse takes a source it pipes to the client's response, with no web stream between
    // (measured: the web-stream adapters and stream.pipeline were a fifth of a forwarded request's CPU time).
    const source = toPipeSource(res, { idleMs: idle.ms, cleanEnd: isEventStream(responseHeaders), onIdle: idle.onIdle });
    return new FastResponse(source as unknown as ReadableStream, { status, headers: responseHeaders }) as Response;
  };
  return Object.assign(forward, {
    close: async () => send.close(),
  });
}
