import { PATHS } from '../../src/lib/paths.ts';
import { toContentType } from '../../runtime/http/content-type.ts';
import { toCacheControl } from '../../runtime/http/cache-control.ts';

/** One file of dist with everything its response needs: held in memory (Node), or streamed from the platform's asset store (the worker). */
export interface StaticFile {
  body: Uint8Array | ReadableStream<Uint8Array>;
  /** Bytes of the body. */
  size: number;
  /** A strong entity tag computed at start (RFC 9110 §8.8.3). */
  etag: string;
  type: string;
  cacheControl: string;
}

/** The in-memory file table, keyed by public path (`/docs/x.html`, `/install`). */
export type StaticFiles = ReadonlyMap<string, StaticFile>;

/** Where the app finds dist files, by file path: the in-memory table on Node, the asset store in the worker. */
export interface SiteFiles {
  get(path: string): StaticFile | undefined | Promise<StaticFile | undefined>;
  has(path: string): boolean | Promise<boolean>;
}

/** A file as the Node entry read it: its public path, bytes and entity tag. */
export interface RawFile {
  path: string;
  body: Uint8Array;
  etag: string;
}


/** Files a build writes for the server's and the CDN's own use; never public. */
export const PRIVATE_FILES: ReadonlySet<string> = new Set<string>([PATHS.buildInfo, PATHS.cdnHeaders, PATHS.cdnRedirects, PATHS.assetsIgnore]);

/** Builds the file table: content type and cache policy per path, private files left out. */
export function toStaticFiles(files: Iterable<RawFile>): StaticFiles {
  const table = new Map<string, StaticFile>();
  for (const { path, body, etag } of files) {
    if (PRIVATE_FILES.has(path)) continue;
    table.set(path, { body, size: body.byteLength, etag, type: toContentType(path, body), cacheControl: toCacheControl(path) });
  }
  return table;
}
