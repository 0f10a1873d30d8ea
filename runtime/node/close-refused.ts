import type { Socket } from 'node:net';

/**
 * How long a closing connection keeps reading what the client still sends: as long as it keeps sending, up to the
 * whole limit, with no pause longer than the idle limit (nginx's lingering_time and lingering_timeout).
 */
export const LINGER = { totalMs: 30_000, idleMs: 5_000 };

/**
 * Ends a connection after the last bytes of an answer, reading (and dropping) what the client still sends until it
 * stops: a reset while the client is still writing would make its system discard the answer unread (RFC 9112 §9.6,
 * "a server ... SHOULD ... continue to read from the connection until it receives a corresponding close ... or until
 * the server is reasonably certain that its own TCP stack has received the client's acknowledgement"). node:http's
 * parser is let go first: what follows is never a request.
 */
export function closeRefused(socket: Socket): void {
  if (socket.destroyed) return;
  socket.removeAllListeners('data');
  const total = setTimeout(() => socket.destroy(), LINGER.totalMs);
  total.unref();
  const idle = setTimeout(() => socket.destroy(), LINGER.idleMs);
  idle.unref();
  socket.on('data', () => idle.refresh());
  socket.once('close', () => {
    clearTimeout(total);
    clearTimeout(idle);
  });
  // The client's own close (FIN) ends the wait: nothing more can come.
  socket.once('end', () => socket.destroy());
  socket.on('error', () => socket.destroy());
  socket.resume();
  socket.end();
}
