import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { closeRefused } from '../../runtime/node/close-refused.ts';

/** How much of an abandoned body is read and dropped to keep its connection, and for how long. */
export const DRAIN_LIMIT = { bytes: 4 * 1024 * 1024, ms: 5000 };

/**
 * Keeps a connection usable when its request body was given up before its end: node:http then stops reading the
 * socket, and the next request on the connection would wait behind the unread rest forever. The rest is read and
 * dropped instead (as nginx discards a refused body), so the connection carries the next request. A client that
 * sends more than DRAIN_LIMIT after the answer, or takes longer, loses the connection (RFC 9112 §9.6 lets a server
 * close it) by a lingering close (runtime/node/close-refused.ts), so a client still sending reads its answer
 * rather than a reset.
 */
function drainRest(req: IncomingMessage, socket: Socket): void {
  if (req.complete || socket.destroyed) return;
  const start = socket.bytesRead;
  // A readable stream that flows with no 'data' listener drops what it reads (Node's stream documentation).
  req.removeAllListeners('data');
  req.resume();
  // A destroyed request refuses every chunk, and node:http pauses the socket after each refusal: resumed until the
  // body's end, after which a pause is node:http's own (a pipelined request waiting for its turn).
  const keepReading = () => {
    if (req.complete || socket.destroyed) socket.off('pause', keepReading);
    else socket.resume();
  };
  const stop = () => {
    clearTimeout(timer);
    socket.off('pause', keepReading);
    socket.off('data', count);
  };
  const giveUp = () => {
    stop();
    if (!req.complete && !socket.destroyed) closeRefused(socket);
  };
  // Counted as it arrives: a fast client is let go as soon as it passes the limit, not at the next look.
  const count = () => {
    if (req.complete) stop();
    else if (socket.bytesRead - start > DRAIN_LIMIT.bytes) giveUp();
  };
  const timer = setTimeout(giveUp, DRAIN_LIMIT.ms);
  timer.unref();
  socket.on('pause', keepReading);
  socket.on('data', count);
  socket.once('close', stop);
  socket.resume();
}

/** A route stops reading a body where it is (proxy/node/read-node-body.ts); the rest is dropped after the answer. */
export function abandonBody(req: IncomingMessage, res: ServerResponse): void {
  req.removeAllListeners('data');
  req.pause();
  const socket = req.socket;
  res.once('finish', () => drainRest(req, socket));
}
