import { toKnownContentType } from '../../facts/content-types.ts';
import { toCacheControl } from './cache-control.ts';
import { isCompressibleType } from './compressible.ts';

/**
 * The headers the path alone decides for a file of the CDN's asset store (facts/paths.ts: isAssetPath): its type by
 * extension, its cache policy, and `Vary: Accept-Encoding` for a compressible type (RFC 9110 §12.5.5). The build
 * writes them to `_headers` (documents/to-cdn-rules.ts) and the edge answers such a path with the same.
 */
export function toAssetHeaders(path: string): Record<string, string> {
  const type = toKnownContentType(path) ?? 'application/octet-stream';
  const headers: Record<string, string> = { 'content-type': type, 'cache-control': toCacheControl(path) };
  if (isCompressibleType(type)) headers.vary = 'Accept-Encoding';
  return headers;
}
