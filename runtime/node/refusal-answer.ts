import { STATUS_CODES } from 'node:http';

/**
 * How much of the refusal of a malformed request goes out, by what its bytes tell of its method: all of it; its head
 * only, the length included (a HEAD request, RFC 9110 §9.3.2); or, when the method is not known for sure, its head
 * without a length, so the close alone ends an empty content whichever the method was (RFC 9112 §6.3).
 */
export type RefusalForm = 'whole' | 'head' | 'unsure';

/** The short plain-text content of a refusal. */
export const toRefusalText = (status: number): string => `${status} ${STATUS_CODES[status] ?? 'Bad Request'}\n`;

/**
 * The answer to a request refused before any handler saw it, with `Connection: close` (RFC 9112 §9.6): a short
 * plain-text body, or as much of it as its form allows.
 */
export function toRefusalAnswer(status: number, form: RefusalForm = 'whole'): string {
  const head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\nConnection: close\r\nCache-Control: no-store\r\n`;
  if (form === 'unsure') return `${head}\r\n`;
  const body = toRefusalText(status);
  return `${head}Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\n\r\n${form === 'whole' ? body : ''}`;
}
