import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How much of an abandoned body is read and dropped to keep its connection, and for how long. */
export const DRAIN_LIMIT = { bytes: 4 * 1024 * 1024, ms: 5000 };

/**
 * Keeps a connection usable when its request body was given up before its end: node:http then stops reading the
 * socket, and the next request on the connection would wait behind the unread rest forever. The rest is read and
 * dropped instead (as nginx discards a refused body), so the connection carries the next request; a client that
 * sends more than DRAIN_LIMIT after the answer, or takes longer, loses the connection (RFC 9112 §9.6 lets a server
 * close it).
 */
function drainRest(req: IncomingMessage, socket: Socket): void {
  if (req.complete || socket.destroyed) return;
  const start = socket.bytesRead;
  const deadline = Date.now() + DRAIN_LIMIT.ms;
  // A readable stream that flows with no 'data' listener drops what it reads (Node's stream documentation).
  req.removeAllListeners('data');
  req.resume();
  // A destroyed request refuses every chunk, and node:http pauses the socket after each refusal: resumed until the
  // body's end, after which a pause is node:http's own (a pipelined request waiting for its turn).
  const keepReading = () => {
    if (req.complete || socket.destroyed) socket.off('pause', keepReading);
    else socket.resume();
  };
  socket.on('pause', keepReading);
  socket.resume();
  const timer = setInterval(() => {
    if (req.complete || socket.destroyed) {
      clearInterval(timer);
      return void socket.off('pause', keepReading);
    }
    if (Date.now() > deadline || socket.bytesRead - start > DRAIN_LIMIT.bytes) {
      clearInterval(timer);
      socket.destroy();
    }
  }, 50);
  timer.unref();
}

/** A Node fast path stops reading a body where it is (proxy/node/read-node-body.ts); the rest is dropped after the answer. */
export function abandonBody(req: IncomingMessage, res: ServerResponse): void {
  req.removeAllListeners('data');
  req.pause();
  const socket = req.socket;
  res.once('finish', () => drainRest(req, socket));
}

/**
 * For a request the app answers: the app cancels a body over its limit, which destroys the request stream; the rest
 * is dropped after the answer. A body nobody started reading needs nothing: node:http dumps it itself.
 */
export function drainAbandonedBody(req: IncomingMessage, res: ServerResponse): void {
  // The request lets go of its socket once destroyed: it is held from the start.
  const socket = req.socket;
  res.once('finish', () => {
    if (req.destroyed) drainRest(req, socket);
  });
}
