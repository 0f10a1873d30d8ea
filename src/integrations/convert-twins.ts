import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { toPagePathOfHtmlFile } from '../../runtime/node/list-files.ts';
import { toMarkdownTwin } from '../../documents/to-markdown-twin.ts';
import { Worker } from 'node:worker_threads';

/** One worker's share of the twin conversion. */
export interface TwinJob {
  out: string;
  files: string[];
  baseUrl: string;
  pagePaths: string[];
  preamble: string;
}

/** Below this many pages, twins are converted on the main thread. */
const INLINE_LIMIT = 150;
/** Old-generation heap of each twin worker, in MB. */
const WORKER_HEAP_MB = 128;

/** Converts the given pages on this thread (also what each worker runs). */
export function convertInPlace({ out, files, baseUrl, pagePaths, preamble }: TwinJob): void {
  const known = new Set(pagePaths);
  for (const file of files) {
    const html = readFileSync(join(out, file), 'utf8');
    const twin = toMarkdownTwin(html, { pagePath: toPagePathOfHtmlFile(file), baseUrl, pagePaths: known, preamble });
    writeFileSync(join(out, file.replace(/\.html$/, '.md')), twin);
  }
}

function runWorker(job: TwinJob): Promise<void> {
  return new Promise((resolve, reject) => {
    // A page's conversion needs a few MB; a small old generation makes each worker collect rather than grow,
    // which keeps the build's peak memory (twins run while Astro still holds the site) down.
    const worker = new Worker(new URL('./twin-worker.ts', import.meta.url), {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    worker.once('message', (m: { ok: boolean; message?: string }) => (m.ok ? resolve() : reject(new Error(m.message))));
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`twin worker exited with ${code}`)));
  });
}

/**
 * Writes the markdown twin of every built HTML file, spread over worker threads (one per core): turning
 * rendered HTML into markdown is most of what the build adds to Astro's own work (npm run bench, build).
 * Any page that cannot be converted rejects, and the build fails naming it.
 */
export async function convertTwins(job: TwinJob): Promise<void> {
  // Starting a worker (and turndown in it) costs more than converting a small site in place.
  if (job.files.length < INLINE_LIMIT) return convertInPlace(job);
  const workers = Math.max(1, Math.min(availableParallelism(), Math.ceil(job.files.length / INLINE_LIMIT)));
  const shares = Array.from({ length: workers }, (_, i) => job.files.filter((_, j) => j % workers === i));
  // Wait for every worker before failing, so no worker is still writing into the folder when the build stops.
  const results = await Promise.allSettled(shares.map((files) => runWorker({ ...job, files })));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
