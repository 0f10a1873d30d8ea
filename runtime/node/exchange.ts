import type { IncomingMessage, ServerResponse } from 'node:http';
import { toTargetPath } from './target-path.ts';

/** The fields every access log line has, edge and sandbox alike. */
export interface Exchange {
  method: string;
  /** Without the query string, which may carry credentials (RFC 6750 §2.3), and at most 512 characters. */
  path: string;
  status: number;
  /** From the request's arrival to the response's last byte (or the client's leaving), in ms. */
  ms: number;
  /** Bytes written for the response, head included. */
  bytes: number;
  /** The client left before the response was complete. */
  aborted?: true;
}

/** The path of a request target, never its query string. */
export function toLoggedPath(target: string | undefined): string {
  const path = toTargetPath(target);
  return path.length > 512 ? `${path.slice(0, 512)}…` : path;
}

/** Calls `done` with the exchange's fields once the response is over (finished, or the connection closed). */
export function watchExchange(req: IncomingMessage, res: ServerResponse, done: (exchange: Exchange) => void): void {
  // A monotonic clock, read as a number (hrtime.bigint allocates a BigInt each read).
  const started = performance.now();
  const socket = req.socket;
  const before = socket.bytesWritten;
  // A response closes once (node:http emits 'close' a single time), so a plain listener does: `once` wraps each.
  res.on('close', () => {
    const exchange: Exchange = {
      method: req.method ?? '',
      path: toLoggedPath(req.url),
      status: res.statusCode,
      ms: Math.round((performance.now() - started) * 100) / 100,
      bytes: socket.bytesWritten - before,
    };
    if (!res.writableFinished) exchange.aborted = true;
    done(exchange);
  });
}
