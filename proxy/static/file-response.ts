import type { StaticFile } from './static-files.ts';

/** RFC 9110 §13.1.2: If-None-Match matches with the weak comparison; `*` matches any current representation. */
export function isNotModified(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}

/** Builds the response for one in-memory file: 200 (or the given status), 304 on a matching ETag, no body for HEAD. */
export function toFileResponse(request: Request, file: StaticFile, headers: Headers, status = 200): Response {
  headers.set('etag', file.etag);
  headers.set('cache-control', status === 200 ? file.cacheControl : 'no-cache');
  if (status === 200 && isNotModified(request.headers.get('if-none-match'), file.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set('content-type', file.type);
  headers.set('content-length', String(file.body.byteLength));
  const body = request.method === 'HEAD' ? null : (file.body as Uint8Array<ArrayBuffer>);
  return new Response(body, { status, headers });
}
