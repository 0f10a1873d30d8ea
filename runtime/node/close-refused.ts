import type { Socket } from 'node:net';

/** How long a refused connection may linger after the answer before it is destroyed. */
const LINGER_MS = 2000;

/**
 * Ends a connection after the last bytes of its refusal were written, reading (and dropping) what the client still
 * sends for a while: a reset right after the answer could discard it before the client read it (RFC 9112 §9.6).
 */
export function closeRefused(socket: Socket): void {
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.once('end', () => socket.destroy());
  socket.resume();
  socket.end();
}
