import type { Socket } from 'node:net';
import type { RefusalForm } from '../../runtime/node/refusal-answer.ts';
import type { ClientError } from './client-error.ts';

/** RFC 9110 §9.1, §5.6.2: a request line starts with its method, a token, then a space. */
const METHOD = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+) /;
const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * The form of a malformed request's refusal, from the bytes llhttp failed on (`rawPacket`, the error at
 * `bytesParsed`). The request that failed starts after the last head that ended before the error in that packet, or
 * at the packet's start when it is the first the connection read. A request that began in an earlier packet, or
 * behind a body, shows no request line there: 'unsure'. Methods are case-sensitive (RFC 9110 §9.1), but a client
 * that wrote `head` may still expect no content, so any spelling of HEAD gets none.
 */
export function toRefusalForm(error: ClientError, socket: Socket): RefusalForm {
  const packet = error.rawPacket;
  if (!packet) return 'unsure';
  const at = Math.min(error.bytesParsed ?? packet.length, packet.length);
  // A negative offset would count from the end: before four bytes, no head can have ended.
  const before = at >= HEAD_END.length ? packet.lastIndexOf(HEAD_END, at - HEAD_END.length) : -1;
  if (before < 0 && socket.bytesRead !== packet.length) return 'unsure';
  const start = before < 0 ? 0 : before + HEAD_END.length;
  const method = METHOD.exec(packet.toString('latin1', start, Math.min(packet.length, start + 32)))?.[1];
  if (!method) return 'unsure';
  return method.toUpperCase() === 'HEAD' ? 'head' : 'whole';
}
