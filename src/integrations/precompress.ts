import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { listFiles } from '../../runtime/node/list-files.ts';
import { toContentType, toKnownContentType } from '../../facts/content-types.ts';
import { CODING_SUFFIX, isCompressibleType } from '../../runtime/http/compressible.ts';
import { PATHS } from '../../facts/paths.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Below this a compressed answer saves less than its headers cost.
const MIN_BYTES = 1024;
// A variant is kept only when it saves at least a tenth.
const MAX_RATIO = 0.9;
// Brotli's best quality is slow on large inputs; past this much text, quality 5 (much faster, slightly larger
// output) keeps a large site's build within its budget.
const BEST_QUALITY_BUDGET = 16 * 1024 * 1024;
// zlib runs on libuv's thread pool: this many files in flight keep its threads busy.
const IN_FLIGHT = 16;
/** Files the servers and the CDN read for themselves: never served, so never compressed. */
const PRIVATE = new Set<string>([PATHS.buildInfo, PATHS.cdnHeaders, PATHS.cdnRedirects, PATHS.assetsIgnore].map((p) => p.slice(1)));

export interface PrecompressResult {
  /** dist-relative paths of the files that got `.br` and `.gz` variants. */
  files: string[];
  bytes: number;
  brBytes: number;
  gzipBytes: number;
  brotliQuality: number;
}

/**
 * Writes `x.br` and `x.gz` beside every text file of `out` worth compressing, so servers answer Accept-Encoding
 * without compressing per request (RFC 9110 §8.4.1). Both variants or neither: a server then offers one set.
 */
export async function precompressDist(out: string): Promise<PrecompressResult> {
  // Sizes first, bodies one at a time in the loop: a large site's text is not held in memory all at once.
  const candidates = listFiles(out)
    .filter((file) => !PRIVATE.has(file) && !file.endsWith(CODING_SUFFIX.br) && !file.endsWith(CODING_SUFFIX.gzip))
    .map((file) => ({ file, size: statSync(join(out, file)).size }))
    .filter(({ file, size }) => size >= MIN_BYTES && isCompressibleType(toKnownContentType(`/${file}`) ?? 'text/plain'));
  const total = candidates.reduce((sum, c) => sum + c.size, 0);
  const quality = total <= BEST_QUALITY_BUDGET ? constants.BROTLI_MAX_QUALITY : 5;
  const result: PrecompressResult = { files: [], bytes: 0, brBytes: 0, gzipBytes: 0, brotliQuality: quality };
  let next = 0;
  const work = async () => {
    for (let c = candidates[next++]; c; c = candidates[next++]) {
      const body = readFileSync(join(out, c.file));
      // An extension-less file's type is known from its bytes only (toContentType sniffs them).
      if (!isCompressibleType(toContentType(`/${c.file}`, body))) continue;
      const params = {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      };
      const [br, gz] = await Promise.all([brotli(body, { params }), gzipAsync(body, { level: constants.Z_BEST_COMPRESSION })]);
      if (Math.max(br.length, gz.length) > body.length * MAX_RATIO) continue;
      writeFileSync(join(out, c.file + CODING_SUFFIX.br), br);
      writeFileSync(join(out, c.file + CODING_SUFFIX.gzip), gz);
      result.files.push(c.file);
      result.bytes += body.length;
      result.brBytes += br.length;
      result.gzipBytes += gz.length;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, work));
  result.files.sort();
  return result;
}

/**
 * `.assetsignore` lines (gitignore syntax) for the variants: Workers Static Assets compresses on its own and counts
 * every uploaded file against its per-version limit. A pattern per extension, the exact path for extension-less files.
 */
export function toVariantIgnoreLines(files: string[]): string[] {
  const lines = new Set<string>();
  for (const file of files) {
    const name = file.slice(file.lastIndexOf('/') + 1);
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? `*${name.slice(dot)}` : `/${file}`;
    for (const suffix of Object.values(CODING_SUFFIX)) lines.add(`${stem}${suffix}`);
  }
  return [...lines].sort();
}

/** The last step of the build: precompressed variants of every text file, and the lines that keep them off Workers. */
export function precompress(): AstroIntegration {
  return {
    name: 'warden:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const started = performance.now();
        const result = await precompressDist(out);
        const ignore = join(out, PATHS.assetsIgnore);
        writeFileSync(ignore, `${readFileSync(ignore, 'utf8')}${toVariantIgnoreLines(result.files).join('\n')}\n`);
        const pct = (n: number) => `${Math.round((n / result.bytes) * 100)}%`;
        logger.info(
          `brotli (quality ${result.brotliQuality}) and gzip of ${result.files.length} files: ${pct(result.brBytes)} and ${pct(result.gzipBytes)} of ${(result.bytes / 1e6).toFixed(1)} MB (${Math.round(performance.now() - started)} ms)`,
        );
      },
    },
  };
}
