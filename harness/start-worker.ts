import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { convertV4MiniflareOptions, Miniflare, type V4MiniflareOptions } from 'miniflare';
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from 'wrangler';
import type { D1Binding } from '../proxy/worker/d1-driver.ts';
import { FEEDBACK_BINDINGS } from '../proxy/worker/worker-feedback.ts';
import { bundleWorker, type WorkerBundle } from '../scripts/worker-bundle.ts';

const run = promisify(execFile);

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

/** The D1 database a Miniflare binds as the feedback store, from the test's side of the process boundary. */
const toFeedbackStore = (mf: Miniflare) => async () => (await mf.getD1Database(FEEDBACK_BINDINGS.store)) as unknown as D1Binding;

/** A worker running in workerd on a loopback port, over a built dist folder as its static assets. */
export interface RunningWorker {
  origin: string;
  bundle: WorkerBundle;
  /** The worker's feedback store as the worker sees it (Miniflare's D1 over the same files). */
  feedbackStore(): Promise<D1Binding>;
  dispose(): Promise<void>;
}

/** How a worker is started: its plain-text vars and its port. */
export interface WorkerOptions {
  /** Plain-text vars, as `wrangler deploy --var` or `vars` would set them. */
  vars?: Record<string, string>;
  /** A given port lets a build made for that loopback address be served as it was built (its links are its own); a free one by default. */
  port?: number;
}

// wrangler's `--persist-to <dir>` keeps the state of its local Miniflare under `<dir>/v3` (what Miniflare calls the
// resource persistence path, D1 beneath it in `d1/`): the worker's Miniflare is given the same, so both open one file.
const toResourcePersistencePath = (persistTo: string) => join(persistTo, 'v3');

/** Runs `wrangler d1 migrations apply <database> --local --persist-to <persistTo>` with this Node, as an operator runs it. */
async function applyMigrationsLocally(database: string, persistTo: string): Promise<void> {
  const wrangler = resolve('node_modules/wrangler/bin/wrangler.js');
  const args = ['d1', 'migrations', 'apply', database, '--local', '--persist-to', persistTo, '--config', resolve('wrangler.jsonc')];
  try {
    await run(process.execPath, [wrangler, ...args], { env: { ...process.env, CI: '1', WRANGLER_SEND_METRICS: 'false' } });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`wrangler ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`, { cause: error });
  }
}

/** The state wrangler migrated, once per process (a rejection is kept: the next start would fail the same way). */
let migratedState: Promise<string> | undefined;

/**
 * A folder whose D1 wrangler has migrated, made once per process: each worker's D1 starts as a copy of it (as a backup
 * is restored), so a test process runs wrangler once however many workers it starts.
 */
function getMigratedState(database: string): Promise<string> {
  migratedState ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warden-d1-migrated-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    await applyMigrationsLocally(database, dir);
    return dir;
  })();
  return migratedState;
}

/**
 * Bundles the worker for `distDir` and serves it with workerd (Miniflare) as wrangler.jsonc configures it:
 * wrangler's own reading of the file (run_worker_first, html_handling, _headers, the D1 and rate-limit bindings) with
 * dist swapped for `distDir`, its D1 in a folder of its own, migrated as an operator migrates the real one
 * (`wrangler d1 migrations apply`).
 */
export async function startWorker(distDir: string, options: WorkerOptions = {}): Promise<RunningWorker> {
  const outDir = mkdtempSync(join(tmpdir(), 'warden-worker-'));
  const persistTo = join(outDir, 'state');
  const config = unstable_readConfig({ config: resolve('wrangler.jsonc') });
  const databases: Array<{ binding: string; database_name?: string }> = config.d1_databases;
  const database = databases.find((d) => d.binding === FEEDBACK_BINDINGS.store);
  if (!database?.database_name) throw new Error(`wrangler.jsonc: no D1 database bound as ${FEEDBACK_BINDINGS.store}`);
  const [bundle, migrated] = await Promise.all([
    bundleWorker({ distDir, outFile: join(outDir, 'worker.js') }),
    getMigratedState(database.database_name),
  ]).catch((error: unknown) => {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  });
  cpSync(migrated, persistTo, { recursive: true });
  const { workerOptions } = unstable_getMiniflareWorkerOptions({ ...config, assets: { ...config.assets!, directory: distDir } });
  const mf = startMiniflare({
    ...(workerOptions as object),
    modules: true,
    scriptPath: bundle.outFile,
    modulesRoot: outDir,
    host: '127.0.0.1',
    port: options.port ?? 0,
    resourcePersistencePath: toResourcePersistencePath(persistTo),
    // Miniflare logs each request through its Node process by default (as `wrangler dev` prints them): a loopback
    // round trip per request that a deployed worker does not make.
    logRequests: false,
    bindings: options.vars ?? {},
  } as V4MiniflareOptions);
  const dispose = async () => {
    await mf.dispose();
    rmSync(outDir, { recursive: true, force: true });
  };
  const origin = (await mf.ready).origin;
  const feedbackStore = toFeedbackStore(mf);
  // What wrangler applied must be what the worker opens: wrangler's layout under --persist-to is Miniflare's.
  const applied = await (await feedbackStore())
    .prepare('SELECT name FROM d1_migrations')
    .all()
    .catch(() => undefined);
  if (!applied?.results.length) {
    await dispose();
    throw new Error(
      `the worker's D1 lacks the migrations wrangler applied with --persist-to ${migrated} (copied to ${persistTo}): wrangler's layout there and the worker's resourcePersistencePath disagree`,
    );
  }
  return { origin, bundle, feedbackStore, dispose };
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
    feedbackStore: toFeedbackStore(mf),
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
