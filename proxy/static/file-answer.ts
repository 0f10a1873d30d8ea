import { isCompressibleType } from '../../runtime/http/compressible.ts';
import { toContentCoding } from '../../runtime/http/content-coding.ts';
import { HTML_TYPE } from '../../facts/content-types.ts';
import { EDGE_TIMING } from '../../facts/edge-timing.ts';
import { type Answer, appendHeader, type HeaderRecord } from '../plan/plan.ts';
import type { StaticFile } from './static-files.ts';

/**
 * The answer for one file: 200 (or the given status), with the brotli or gzip variant when the file has them and
 * Accept-Encoding takes one (RFC 9110 §12.5.3). Every answer of a compressible type says `Vary: Accept-Encoding`,
 * whether this door holds variants or the CDN in front compresses it, so a shared cache keeps the codings apart
 * (§12.5.5). Errors are not cached for long: a page may appear. An HTML page says the edge answered it (Server-Timing,
 * facts/edge-timing.ts), on every door alike, so the page's own scripts know an edge takes what they send.
 */
export function toFileAnswer(file: StaticFile, headers: HeaderRecord, acceptEncoding: string | null | undefined, status = 200): Answer {
  let sent: Pick<StaticFile, 'body' | 'size' | 'etag'> = file;
  if (isCompressibleType(file.type)) appendHeader(headers, 'vary', 'Accept-Encoding');
  if (file.encoded) {
    const coding = toContentCoding(acceptEncoding);
    if (coding) {
      sent = file.encoded[coding];
      headers['content-encoding'] = coding;
    }
  }
  if (sent.etag) headers.etag = sent.etag;
  headers['cache-control'] = status === 200 ? file.cacheControl : 'no-cache';
  headers['content-type'] = file.type;
  if (file.type === HTML_TYPE) headers['server-timing'] = EDGE_TIMING;
  if (sent.size !== undefined) headers['content-length'] = String(sent.size);
  if (file.tokens !== undefined) headers['x-markdown-tokens'] = String(file.tokens);
  return { status, headers, body: sent.body, etag: status === 200 && sent.etag ? sent.etag : undefined };
}
