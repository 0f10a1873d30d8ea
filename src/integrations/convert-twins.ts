import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** One worker's share of the twin conversion. */
export interface TwinJob {
  out: string;
  files: string[];
  baseUrl: string;
  pagePaths: string[];
  llmsUrl: string;
}

function runWorker(job: TwinJob): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./twin-worker.ts', import.meta.url), { workerData: job });
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
  const workers = Math.max(1, Math.min(availableParallelism(), Math.ceil(job.files.length / 32)));
  const shares = Array.from({ length: workers }, (_, i) => job.files.filter((_, j) => j % workers === i));
  await Promise.all(shares.map((files) => runWorker({ ...job, files })));
}
