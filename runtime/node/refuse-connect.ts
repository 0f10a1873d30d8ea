import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { closeRefused } from './close-refused.ts';
import { toRefusalAnswer } from './refusal-answer.ts';

/** RFC 3986 §3.2.2: an IP literal in brackets, or a registered name (unreserved, percent-encoded, sub-delims). */
const HOST = String.raw`(?:\[(?:[0-9A-Fa-f:.]+|v[0-9A-Fa-f]+\.[\w\-.~!$&'()*+,;=:]+)\]|(?:[\w\-.~!$&'()*+,;=]|%[0-9A-Fa-f]{2})+)`;
/** RFC 9112 §3.2.3: CONNECT's request target is authority-form; RFC 9110 §9.3.6: its port is never left out. */
const AUTHORITY_FORM = new RegExp(`^${HOST}:\\d+$`);

/** Why a CONNECT was refused, as a stable code for the log. */
export type ConnectRefusal = 'ERR_CONNECT_TARGET' | 'ERR_CONNECT_NOT_IMPLEMENTED';

/**
 * The answer to a CONNECT request target: 400 when it is not host:port (RFC 9112 §3.2.3), else 501. This server
 * opens no tunnels, for any target (RFC 9110 §9.3.6: most origin servers do not implement CONNECT), and a method it
 * does not implement is answered 501 (RFC 9110 §9.1, §15.6.2).
 */
export function toConnectRefusal(target: string | undefined): { status: 400 | 501; code: ConnectRefusal } {
  return AUTHORITY_FORM.test(target ?? '')
    ? { status: 501, code: 'ERR_CONNECT_NOT_IMPLEMENTED' }
    : { status: 400, code: 'ERR_CONNECT_TARGET' };
}

/**
 * The `connect` handler: node:http hands a CONNECT request over with its socket, detached from the HTTP parser (no
 * listener, and it destroys the socket unanswered). It gets its refusal and `Connection: close`, since no further
 * request can follow on a socket the parser let go; the tunnel bytes sent behind the head are read and dropped.
 */
export function refuseConnect(
  req: IncomingMessage,
  socket: Socket,
  onAnswer?: (status: number, error: Error & { code: ConnectRefusal }) => void,
): void {
  // node:http no longer watches this socket: a client that resets must not become an unhandled 'error'.
  socket.on('error', () => {});
  if (!socket.writable) return void socket.destroy();
  const { status, code } = toConnectRefusal(req.url);
  onAnswer?.(status, Object.assign(new Error(`CONNECT ${status}`), { code }));
  socket.write(toRefusalAnswer(status));
  closeRefused(socket);
}
