import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { convertV4MiniflareOptions, Miniflare, type V4MiniflareOptions } from 'miniflare';
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from 'wrangler';
import { bundleWorker, type WorkerBundle } from '../scripts/worker-bundle.ts';

/**
 * Miniflare as `wrangler dev` starts it: wrangler reads its config into Miniflare's single-worker options and converts
 * them to the current shape (`convertV4MiniflareOptions`), so the worker runs on the very Miniflare and workerd wrangler does.
 */
function startMiniflare(options: V4MiniflareOptions): Miniflare {
  // Module rules find the imports of a script that has any; the bundle is one self-contained module
  // (scripts/worker-bundle.ts), and the conversion refuses rules it could not honour.
  const { modulesRules: _rules, ...worker } = options as V4MiniflareOptions & { modulesRules?: unknown };
  return new Miniflare(convertV4MiniflareOptions(worker as V4MiniflareOptions));
}

/** A worker running in workerd on a loopback port, over a built dist folder as its static assets. */
export interface RunningWorker {
  origin: string;
  bundle: WorkerBundle;
  dispose(): Promise<void>;
}

/**
 * Bundles the worker for `distDir` and serves it with workerd (Miniflare) as wrangler.jsonc configures it:
 * wrangler's own reading of the file (run_worker_first, html_handling, _headers) with dist swapped for `distDir`,
 * on `port` (a free one by default).
 */
export async function startWorker(distDir: string, bindings: Record<string, string> = {}, port = 0): Promise<RunningWorker> {
  const outDir = mkdtempSync(join(tmpdir(), 'warden-worker-'));
  const bundle = await bundleWorker({ distDir, outFile: join(outDir, 'worker.js') });
  const config = unstable_readConfig({ config: resolve('wrangler.jsonc') });
  const { workerOptions } = unstable_getMiniflareWorkerOptions({ ...config, assets: { ...config.assets!, directory: distDir } });
  const mf = startMiniflare({
    ...(workerOptions as object),
    modules: true,
    scriptPath: bundle.outFile,
    modulesRoot: outDir,
    host: '127.0.0.1',
    // A given port lets a build made for that loopback address be served as it was built (its links are its own).
    port,
    // Miniflare logs each request through its Node process by default (as `wrangler dev` prints them): a loopback
    // round trip per request that a deployed worker does not make.
    logRequests: false,
    // Plain-text vars, as `wrangler deploy --var` or `vars` would set them.
    bindings,
  } as V4MiniflareOptions);
  const origin = (await mf.ready).origin;
  return {
    origin,
    bundle,
    async dispose() {
      await mf.dispose();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/**
 * The reference a worker is measured against: a worker that only hands each request to its static assets
 * (`env.ASSETS.fetch`), run first on every path, over the same dist, with the platform's default HTML handling (so
 * `/docs/x` is `/docs/x.html`). What it costs is the platform's own share of any request.
 */
export async function startAssetsOnlyWorker(distDir: string): Promise<RunningWorker> {
  const outDir = mkdtempSync(join(tmpdir(), 'warden-assets-worker-'));
  const outFile = join(outDir, 'worker.js');
  writeFileSync(outFile, 'export default { fetch: (request, env) => env.ASSETS.fetch(request) };\n');
  const assets = {
    directory: distDir,
    binding: 'ASSETS',
    run_worker_first: true,
    html_handling: 'auto-trailing-slash',
    not_found_handling: 'none',
  };
  const config = unstable_readConfig({ config: resolve('wrangler.jsonc') });
  const { workerOptions } = unstable_getMiniflareWorkerOptions({ ...config, assets: assets as typeof config.assets });
  const mf = startMiniflare({
    ...(workerOptions as object),
    modules: true,
    scriptPath: outFile,
    modulesRoot: outDir,
    host: '127.0.0.1',
    port: 0,
    logRequests: false,
  } as V4MiniflareOptions);
  const origin = (await mf.ready).origin;
  return {
    origin,
    bundle: { outFile, bytes: 0, gzipBytes: 0 },
    async dispose() {
      await mf.dispose();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** The workerd processes this process runs (Miniflare's children), by pid. */
export function listWorkerdPids(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return stat.includes('(workerd)') && Number(fields[1]) === process.pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}
