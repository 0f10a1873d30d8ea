import { toContentCoding } from '../../runtime/http/content-coding.ts';
import type { StaticFile } from './static-files.ts';

/** Header name (lower case) → value; list-valued fields (Vary, Link) comma-joined, as RFC 9110 §5.3 allows. */
export type HeaderRecord = Record<string, string>;

/**
 * A static answer before it is written: what the web handler turns into a Response and the Node fast path
 * writes itself, so both send the same bytes. Per-request parts (request id, 304, HEAD) are applied on writing.
 */
export interface StaticAnswer {
  status: number;
  headers: HeaderRecord;
  body: Uint8Array | ReadableStream<Uint8Array> | null;
  /** The entity tag of what is sent, for If-None-Match (absent: no conditional answer). */
  etag?: string;
  /** The negotiated representation of a page, for the access log (contract §4.3). */
  variant?: 'html' | 'markdown';
}

/** RFC 9110 §13.1.2: If-None-Match matches with the weak comparison; `*` matches any current representation. */
export function isNotModified(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}

/** Adds a member to a list-valued header. */
export function appendHeader(headers: HeaderRecord, name: string, value: string): void {
  headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
}

/**
 * The answer for one file: 200 (or the given status), with the brotli or gzip variant when the file has them and
 * Accept-Encoding takes one (RFC 9110 §12.5.3), and `Vary: Accept-Encoding` on every answer of such a file, so a
 * shared cache keeps the variants apart (§12.5.5). Errors are not cached for long: a page may appear.
 */
export function toFileAnswer(
  file: StaticFile,
  headers: HeaderRecord,
  acceptEncoding: string | null | undefined,
  status = 200,
): StaticAnswer {
  let sent: Pick<StaticFile, 'body' | 'size' | 'etag'> = file;
  if (file.encoded) {
    appendHeader(headers, 'vary', 'Accept-Encoding');
    const coding = toContentCoding(acceptEncoding);
    if (coding) {
      sent = file.encoded[coding];
      headers['content-encoding'] = coding;
    }
  }
  headers.etag = sent.etag;
  headers['cache-control'] = status === 200 ? file.cacheControl : 'no-cache';
  headers['content-type'] = file.type;
  headers['content-length'] = String(sent.size);
  if (file.tokens !== undefined) headers['x-markdown-tokens'] = String(file.tokens);
  return { status, headers, body: sent.body, etag: status === 200 ? sent.etag : undefined };
}

/** Headers a 304 leaves out: it describes the selected representation but carries none of its content (RFC 9110 §15.4.5). */
const NOT_FOR_304 = new Set(['content-type', 'content-length', 'content-encoding']);

/** What is written for one request: 304 on a matching ETag, no body for HEAD. */
export function toWritten(
  answer: StaticAnswer,
  method: string,
  ifNoneMatch: string | null | undefined,
): { status: number; headers: HeaderRecord; body: StaticAnswer['body'] } {
  if (answer.etag && isNotModified(ifNoneMatch, answer.etag)) {
    const headers: HeaderRecord = {};
    for (const name in answer.headers) if (!NOT_FOR_304.has(name)) headers[name] = answer.headers[name]!;
    return { status: 304, headers, body: null };
  }
  return { status: answer.status, headers: answer.headers, body: method === 'HEAD' ? null : answer.body };
}

/** The web Response of an answer; a streamed body that is not sent is released rather than left to the platform. */
export function toAnswerResponse(answer: StaticAnswer, request: Request): Response {
  const written = toWritten(answer, request.method, request.headers.get('if-none-match'));
  if (!written.body && answer.body instanceof ReadableStream) void answer.body.cancel();
  return new Response(written.body as Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | null, {
    status: written.status,
    headers: written.headers,
  });
}
