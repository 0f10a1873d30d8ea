import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from 'wrangler';

/** The search-only worker (bench/serve/search-worker.ts) in workerd over a dist folder: each start is a fresh isolate. */
export interface SearchWorker {
  origin: string;
  scriptBytes: number;
  dispose(): Promise<void>;
}

/** Bundles the search worker as the edge's worker is bundled (neutral, no Node built-ins) and serves it over `dist`'s assets. */
export async function startSearchWorker(dist: string): Promise<SearchWorker> {
  const outDir = mkdtempSync(join(tmpdir(), 'warden-search-worker-'));
  const outFile = join(outDir, 'worker.js');
  const result = await build({
    entryPoints: [resolve(import.meta.dirname, '../serve/search-worker.ts')],
    outfile: outFile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser', 'import', 'default'],
    mainFields: ['module', 'main'],
    target: 'es2022',
    minify: true,
    metafile: true,
    logLevel: 'silent',
  });
  const config = unstable_readConfig({ config: resolve('wrangler.jsonc') });
  const { workerOptions } = unstable_getMiniflareWorkerOptions({ ...config, assets: { ...config.assets!, directory: resolve(dist) } });
  const mf = new Miniflare({
    ...(workerOptions as object),
    modules: true,
    scriptPath: outFile,
    modulesRoot: outDir,
    host: '127.0.0.1',
    port: 0,
    logRequests: false,
  } as ConstructorParameters<typeof Miniflare>[0]);
  const origin = (await mf.ready).origin;
  return {
    origin: origin.toString().replace(/\/$/, ''),
    scriptBytes: Object.values(result.metafile!.outputs)[0]!.bytes,
    async dispose() {
      await mf.dispose();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
