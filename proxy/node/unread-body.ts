import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Requests whose body a Node fast path stopped reading (proxy/node/read-node-body.ts), still on their socket. */
const abandoned = new WeakSet<IncomingMessage>();

/** Stops reading a body where it is; once the response is out, drainAbandonedBody reads and drops the rest. */
export function abandonBody(req: IncomingMessage): void {
  abandoned.add(req);
  req.removeAllListeners('data');
  req.pause();
}

/** How much of an abandoned body is read and dropped to keep its connection, and for how long. */
export const DRAIN_LIMIT = { bytes: 4 * 1024 * 1024, ms: 5000 };

/**
 * Keeps a connection usable when the app gave up on a request body before its end (a body over the limit is
 * cancelled, which destroys the request stream, or a fast path abandoned it): node:http then stops reading the
 * socket, and the next request on the connection would wait behind the unread rest forever. The rest is read and
 * dropped instead (as nginx discards a refused body), so the connection carries the next request; a client that
 * sends more than DRAIN_LIMIT after the answer, or takes longer, loses the connection (RFC 9112 §9.6 lets a server
 * close it).
 */
export function drainAbandonedBody(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket as Socket;
  res.once('finish', () => {
    if (!(req.destroyed || abandoned.has(req)) || req.complete || socket.destroyed) return;
    const start = socket.bytesRead;
    const deadline = Date.now() + DRAIN_LIMIT.ms;
    // node:http's own way to discard a body nobody reads (what it does for requests the app never touched).
    (req as IncomingMessage & { _dump(): void })._dump();
    socket.resume();
    const timer = setInterval(() => {
      if (req.complete || socket.destroyed) return void clearInterval(timer);
      if (Date.now() > deadline || socket.bytesRead - start > DRAIN_LIMIT.bytes) {
        clearInterval(timer);
        socket.destroy();
      }
    }, 50);
    timer.unref();
  });
}
