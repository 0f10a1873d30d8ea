import { PATHS } from '../../facts/paths.ts';
import { toContentType } from '../../facts/content-types.ts';
import { toCacheControl } from '../../runtime/http/cache-control.ts';
import { CODING_SUFFIX, isCompressibleType } from '../../runtime/http/compressible.ts';
import type { Coding } from '../../runtime/http/content-coding.ts';

/** A precompressed variant of a file (`x.br`, `x.gz` beside `x`), with its own entity tag (RFC 9110 §8.8.3). */
export interface EncodedVariant {
  body: Uint8Array;
  size: number;
  etag: string;
}

/** One file of dist with everything its response needs: held in memory (Node), or streamed from the platform's asset store (the worker). */
export interface StaticFile {
  body: Uint8Array | ReadableStream<Uint8Array>;
  /** Bytes of the body; absent when an asset store streams it without saying. */
  size?: number;
  /** A strong entity tag computed at start (RFC 9110 §8.8.3). */
  etag: string;
  type: string;
  cacheControl: string;
  /** Estimated tokens of a markdown file, sent as `x-markdown-tokens` (toMarkdownTokens). */
  tokens?: number;
  /** Its brotli and gzip variants, when the build wrote them (Node; the worker's CDN compresses on its own). */
  encoded?: Readonly<Record<Coding, EncodedVariant>>;
}

/** The in-memory file table, keyed by public path (`/docs/x.html`, `/install`). */
export type StaticFiles = ReadonlyMap<string, StaticFile>;

/** Where the app finds dist files, by file path: the in-memory table on Node, the asset store in the worker. */
export interface SiteFiles {
  get(path: string): StaticFile | undefined | Promise<StaticFile | undefined>;
  has(path: string): boolean | Promise<boolean>;
}

/**
 * Tokens of a markdown file, estimated as its UTF-8 bytes / 4: the characters / 4 rule llms.txt's section sizes use
 * (documents/to-llms-txt.ts), on bytes so both runtimes get it from the size alone (on Node when the table is made, in
 * the worker from the asset's length) without reading the text; the twins are nearly all ASCII, where the two agree.
 * Cloudflare's Markdown for Agents sends the same header, `x-markdown-tokens`; no tokenizer is bundled for an estimate.
 */
export function toMarkdownTokens(type: string, size: number | undefined): number | undefined {
  // No size (an asset store that streams without a length): no estimate rather than a wrong one.
  return type.startsWith('text/markdown') && size !== undefined && size > 0 ? Math.ceil(size / 4) : undefined;
}

/** A file as the Node entry read it: its public path, bytes and entity tag. */
export interface RawFile {
  path: string;
  body: Uint8Array;
  etag: string;
}

/** Files a build writes for the server's and the CDN's own use; never public. */
export const PRIVATE_FILES: ReadonlySet<string> = new Set<string>([
  PATHS.buildInfo,
  PATHS.cdnHeaders,
  PATHS.cdnRedirects,
  PATHS.assetsIgnore,
]);

/**
 * Builds the file table: content type and cache policy per path, private files left out. A text file with both
 * `.br` and `.gz` beside it gets them as its variants; the variants are not public paths of their own.
 */
export function toStaticFiles(files: Iterable<RawFile>): StaticFiles {
  const raw = new Map<string, RawFile>();
  for (const file of files) if (!PRIVATE_FILES.has(file.path)) raw.set(file.path, file);
  const variant = (file: RawFile): EncodedVariant => ({ body: file.body, size: file.body.byteLength, etag: file.etag });
  const variants = new Set<string>();
  const table = new Map<string, StaticFile>();
  for (const { path, body, etag } of raw.values()) {
    const type = toContentType(path, body);
    const entry: StaticFile = {
      body,
      size: body.byteLength,
      etag,
      type,
      cacheControl: toCacheControl(path),
      tokens: toMarkdownTokens(type, body.byteLength),
    };
    const br = raw.get(path + CODING_SUFFIX.br);
    const gzip = raw.get(path + CODING_SUFFIX.gzip);
    if (br && gzip && isCompressibleType(entry.type)) {
      entry.encoded = { br: variant(br), gzip: variant(gzip) };
      variants.add(br.path).add(gzip.path);
    }
    table.set(path, entry);
  }
  for (const path of variants) table.delete(path);
  return table;
}
