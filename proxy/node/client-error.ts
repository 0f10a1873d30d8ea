import type { Socket } from 'node:net';
import type { ServerResponse } from 'node:http';
import { closeRefused } from '../../runtime/node/close-refused.ts';
import { toRefusalAnswer, toRefusalText } from '../../runtime/node/refusal-answer.ts';
import { toRefusalForm } from './refusal-form.ts';

/** RFC 9112 §3: a server should accept request lines of at least 8,000 octets; a longer one is answered 414. */
const LONG_REQUEST_LINE = 8000;
/** RFC 9110 §5.6.2: the characters of a token, which a method is. */
const REQUEST_LINE_START = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+ /;

/** A parse error of node:http (llhttp), with the bytes it failed on when it has them, and where in them it failed. */
export interface ClientError extends Error {
  code?: string;
  rawPacket?: Buffer;
  bytesParsed?: number;
}

/** The bytes llhttp failed on, as latin1, up to the first line break: the request line when the packet starts with one. */
function toFirstLine(packet: Buffer | undefined): string {
  if (!packet) return '';
  const text = packet.toString('latin1', 0, Math.min(packet.length, LONG_REQUEST_LINE + 2));
  const end = text.indexOf('\n');
  return end < 0 ? text : text.slice(0, end);
}

/**
 * The status a malformed request gets, or undefined when there is no one to answer (the client reset). node:http
 * answers 400, 408 and 431 itself; this adds 414 for an overlong request target (RFC 9112 §3), 501 for a method
 * it does not implement (RFC 9110 §9.1), 505 for an HTTP version it does not speak (RFC 9110 §15.6.6) and 413
 * for overlong chunk extensions.
 */
export function toClientErrorStatus(error: ClientError): number | undefined {
  const firstLine = toFirstLine(error.rawPacket);
  switch (error.code) {
    case 'ECONNRESET':
    case 'EPIPE':
      return undefined;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 408;
    case 'HPE_HEADER_OVERFLOW':
      return REQUEST_LINE_START.test(firstLine) && firstLine.length >= LONG_REQUEST_LINE ? 414 : 431;
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return 413;
    case 'HPE_INVALID_METHOD':
      // A token that names no method this server knows is unimplemented; anything else is not HTTP at all.
      return REQUEST_LINE_START.test(firstLine) ? 501 : 400;
    case 'HPE_INVALID_VERSION':
      return /^\S+ \S+ HTTP\/\d\.\d\r?$/.test(firstLine) ? 505 : 400;
    default:
      return 400;
  }
}

/**
 * The `clientError` handler: every malformed request gets an HTTP answer and the connection is closed, as a plain
 * node:http server does, instead of a destroyed socket. `inFlight` is the response of a request whose headers
 * parsed but whose body did not (a bad chunk size): it is answered in place, and the app's own answer is dropped.
 */
export function answerClientError(
  error: ClientError,
  socket: Socket,
  inFlight: ServerResponse | undefined,
  onAnswer?: (status: number) => void,
): void {
  const status = toClientErrorStatus(error);
  if (status === undefined || !socket.writable) return void socket.destroy();
  onAnswer?.(status);
  // An answer to HEAD carries no content (RFC 9110 §9.3.2): how much goes out depends on the method the bytes show.
  const form = toRefusalForm(error, socket);
  if (inFlight?.req.complete) {
    // The error is in a later, pipelined request: the current response goes out first, then this refusal.
    inFlight.once('close', () => {
      if (!inFlight.writableFinished || socket.destroyed) return void socket.destroy();
      socket.write(toRefusalAnswer(status, form));
      closeRefused(socket);
    });
    return;
  }
  if (inFlight) {
    if (inFlight.headersSent) {
      // Its own body broke while its response is already streaming: there is no way to answer twice.
      inFlight.once('close', () => socket.destroy());
      return;
    }
    // The app still writes after this answer; those writes go nowhere, and must not throw.
    inFlight.on('error', () => {});
    // Its method is known here: node:http itself sends no content in answer to HEAD (RFC 9110 §9.3.2).
    const body = toRefusalText(status);
    inFlight.writeHead(status, {
      connection: 'close',
      'content-type': 'text/plain; charset=utf-8',
      'content-length': body.length,
      'cache-control': 'no-store',
    });
    inFlight.end(body);
    inFlight.req.destroy();
    return;
  }
  socket.write(toRefusalAnswer(status, form));
  closeRefused(socket);
}
