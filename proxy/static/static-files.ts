import { PATHS } from '../../src/lib/paths.ts';
import { toContentType } from '../../runtime/http/content-type.ts';

/** One file of dist, held in memory with everything its response needs. */
export interface StaticFile {
  body: Uint8Array;
  /** A strong entity tag computed at start (RFC 9110 §8.8.3). */
  etag: string;
  type: string;
  cacheControl: string;
}

/** The in-memory file table, keyed by public path (`/docs/x.html`, `/install`). */
export type StaticFiles = ReadonlyMap<string, StaticFile>;

/** A file as the Node entry read it: its public path, bytes and entity tag. */
export interface RawFile {
  path: string;
  body: Uint8Array;
  etag: string;
}

/** Hashed build assets never change under one name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Documents change with each deploy: cache briefly, then revalidate with the ETag. */
export const SHORT = 'public, max-age=300, must-revalidate';

// Files a build writes for the server's own use; never public.
const PRIVATE = new Set<string>([PATHS.buildInfo, PATHS.cdnHeaders, PATHS.cdnRedirects]);

/** Builds the file table: content type and cache policy per path, private files left out. */
export function toStaticFiles(files: Iterable<RawFile>): StaticFiles {
  const table = new Map<string, StaticFile>();
  for (const { path, body, etag } of files) {
    if (PRIVATE.has(path)) continue;
    const cacheControl = path.startsWith('/_astro/') ? IMMUTABLE : SHORT;
    table.set(path, { body, etag, type: toContentType(path, body), cacheControl });
  }
  return table;
}
