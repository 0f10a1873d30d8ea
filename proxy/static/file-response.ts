import type { StaticFile } from './static-files.ts';

/** RFC 9110 §13.1.2: If-None-Match matches with the weak comparison; `*` matches any current representation. */
export function isNotModified(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}

/** Builds the response for one file: 200 (or the given status), 304 on a matching ETag, no body for HEAD. */
export function toFileResponse(request: Request, file: StaticFile, headers: Headers, status = 200): Response {
  headers.set('etag', file.etag);
  headers.set('cache-control', status === 200 ? file.cacheControl : 'no-cache');
  const notModified = status === 200 && isNotModified(request.headers.get('if-none-match'), file.etag);
  // A streamed body that is not sent is released rather than left to the platform.
  if ((notModified || request.method === 'HEAD') && file.body instanceof ReadableStream) void file.body.cancel();
  if (notModified) return new Response(null, { status: 304, headers });
  headers.set('content-type', file.type);
  headers.set('content-length', String(file.size));
  const body = request.method === 'HEAD' ? null : (file.body as Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>);
  return new Response(body, { status, headers });
}
