import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';

/** How long an upstream body may stall, and what then happens (proxy/forward/forwarder.ts: UpstreamRequest.idle). */
export interface IdleLimit {
  idleMs: number;
  /** An event stream ends cleanly when it stalls; any other body breaks off. */
  cleanEnd: boolean;
  onIdle?: () => void;
}

/**
 * Pipes the upstream body to the client, kept moving: when no chunk arrives for `idleMs` while the client can take
 * one, the upstream response is dropped. An event stream then ends cleanly, as a server may close an SSE response at
 * any time and the client reconnects (MCP Streamable HTTP: resumability, Last-Event-ID); any other body breaks off,
 * so the client sees it incomplete (RFC 9112 §8). A failure upstream breaks the client's response off too, and a
 * client that leaves releases the upstream. The Node counterpart of proxy/forward/idle-limit.ts, with nothing
 * between the two sockets but `pipe`; a body that has all arrived by now is written at once instead.
 */
export function pipeWithIdleLimit(upstream: IncomingMessage, client: Writable, limit: IdleLimit): void {
  client.on('error', () => {});
  if (upstream.complete && upstream.headers['content-length'] !== undefined) {
    // The whole answer is already here (a JSON answer in one packet, the usual case): one write, the same bytes and
    // framing the pipe would send, without a pipe and an idle timer around a body that cannot stall.
    const body = upstream.read() as Buffer | null;
    upstream.resume();
    client.end(body ?? undefined);
    return;
  }
  let idled = false;
  let over = false;
  const onIdle = () => {
    idled = true;
    limit.onIdle?.();
    upstream.unpipe(client);
    upstream.destroy();
    if (limit.cleanEnd) client.end();
    else client.destroy(new Error(`the upstream sent nothing for ${limit.idleMs} ms`));
  };
  let timer = setTimeout(onIdle, limit.idleMs);
  upstream.on('data', () => timer.refresh());
  // A client that is slow to read pauses the upstream (pipe pauses its source): the wait stops meanwhile and starts
  // again at the client's drain, so only the upstream's own silence counts.
  upstream.on('pause', () => clearTimeout(timer));
  const drained = () => {
    if (over) return;
    clearTimeout(timer);
    timer = setTimeout(onIdle, limit.idleMs);
  };
  client.on('drain', drained);
  // 'close' ends every upstream response: one that closes before its end broke off (a reset mid-stream), and so
  // does the client's response. Its error was already caught where the response arrived (upstream-sender.ts).
  upstream.once('close', () => {
    over = true;
    clearTimeout(timer);
    if (!upstream.complete && !idled) client.destroy();
  });
  client.once('close', () => {
    over = true;
    clearTimeout(timer);
    client.off('drain', drained);
    upstream.destroy();
  });
  upstream.pipe(client);
}

/** A response body as srvx's Node adapter writes it most cheaply: it calls `pipe` (no pipeline bookkeeping). */
export interface PipeSource {
  pipe(destination: Writable): Writable;
  /** srvx calls one of these for HEAD and for a client already gone. */
  abort(): void;
  destroy(): void;
}

/** Hands an upstream body to srvx through `pipe`, within the idle limit. */
export function toPipeSource(upstream: IncomingMessage, limit: IdleLimit): PipeSource {
  const release = () => void upstream.destroy();
  return {
    pipe(destination) {
      pipeWithIdleLimit(upstream, destination, limit);
      return destination;
    },
    abort: release,
    destroy: release,
  };
}
