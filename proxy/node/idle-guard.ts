import type { IncomingMessage } from 'node:http';
import { Transform, type Readable, type Writable } from 'node:stream';

/**
 * The upstream body as the client gets it, kept moving: when no chunk arrives for `idleMs`, the upstream response
 * is dropped. An event stream then ends cleanly, as a server may close an SSE response at any time and the client
 * reconnects (MCP Streamable HTTP: resumability, Last-Event-ID); any other body errors, so the client sees the
 * response broken off rather than complete (RFC 9112 §8). The Node counterpart of proxy/forward/idle-limit.ts,
 * in Node streams, which node:http pipes to the client without the web-stream adapters.
 */
export function guardIdle(upstream: IncomingMessage, options: { idleMs: number; cleanEnd: boolean; onIdle?: () => void }): Readable {
  const guard = new Transform({
    transform(chunk, _encoding, done) {
      timer.refresh();
      done(null, chunk);
    },
    flush(done) {
      clearTimeout(timer);
      done();
    },
    destroy(error, done) {
      clearTimeout(timer);
      upstream.destroy();
      done(error);
    },
  });
  let idled = false;
  const timer = setTimeout(() => {
    idled = true;
    options.onIdle?.();
    upstream.unpipe(guard);
    upstream.destroy();
    if (options.cleanEnd) guard.end();
    else guard.destroy(new Error(`the upstream sent nothing for ${options.idleMs} ms`));
  }, options.idleMs);
  // A failure after the headers (a reset mid-stream) breaks the client's response off too.
  upstream.on('error', (error) => idled || guard.destroy(error));
  upstream.once('aborted', () => idled || guard.destroy(new Error('the upstream response broke off')));
  return upstream.pipe(guard);
}

/** A response body as srvx's Node adapter writes it most cheaply: it calls `pipe` (no pipeline bookkeeping). */
export interface PipeSource {
  pipe(destination: Writable): Writable;
  /** srvx calls it for HEAD and for a client already gone. */
  abort(): void;
}

/**
 * Hands a Node stream to srvx through `pipe`. `pipe` alone neither ends the client's response when the source fails
 * nor releases the source when the client leaves, so both are tied here: a failed source breaks the response off,
 * and a client that closes its connection ends the upstream request.
 */
export function toPipeSource(source: Readable): PipeSource {
  return {
    pipe(destination) {
      source.once('error', () => destination.destroy());
      destination.once('close', () => source.destroy());
      return source.pipe(destination);
    },
    abort: () => source.destroy(),
  };
}
