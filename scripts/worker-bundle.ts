import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { parse as parseJsonc } from 'jsonc-parser';
import { toRunWorkerFirst } from '../documents/to-cdn-rules.ts';
import type { BuildFacts } from '../facts/build-facts.ts';
import { readBuildFacts } from '../proxy/node/build-info.ts';
import { FEEDBACK_BINDINGS } from '../proxy/worker/worker-feedback.ts';
import { MIGRATIONS_DIR } from '../runtime/node/read-migrations.ts';

const BUILD_FACTS = 'warden:build-facts';

const NODE_BUILTINS = new Set(builtinModules);

/** Resolves `warden:build-facts` to a generated module holding the build's facts (`_build.json`), nothing else of dist. */
function embedFacts(facts: BuildFacts): Plugin {
  return {
    name: 'warden-build-facts',
    setup(b) {
      b.onResolve({ filter: /^warden:build-facts$/ }, () => ({ path: BUILD_FACTS, namespace: 'warden' }));
      b.onLoad({ filter: /.*/, namespace: 'warden' }, () => ({ contents: `export default ${JSON.stringify(facts)};`, loader: 'js' }));
    },
  };
}

/** Fails the bundle, naming the importer, when anything reaches for a Node built-in: the worker must run without them. */
export function forbidNodeBuiltins(): Plugin {
  return {
    name: 'warden-forbid-node-builtins',
    setup(b) {
      b.onResolve({ filter: /^[a-z0-9_:/]+$/ }, ({ path, importer }) => {
        if (!path.startsWith('node:') && !NODE_BUILTINS.has(path)) return undefined;
        return {
          errors: [{ text: `${importer} imports ${path}: Node-only code cannot go in the worker bundle (keep it in proxy/node/)` }],
        };
      });
    },
  };
}

const WRANGLER_CONFIG = resolve(import.meta.dirname, '../wrangler.jsonc');

/** The parts of wrangler.jsonc the bundle checks. */
interface WranglerConfig {
  assets?: { run_worker_first?: unknown };
  d1_databases?: Array<{ binding?: string; migrations_dir?: string }>;
  ratelimits?: Array<{ name?: string; simple?: { limit?: number; period?: number } }>;
}

const readWranglerConfig = (configFile: string) => parseJsonc(readFileSync(configFile, 'utf8')) as WranglerConfig;

/**
 * Refuses a wrangler.jsonc whose `run_worker_first` is not the route table's (documents/to-cdn-rules.ts): a path the
 * worker should answer would be served by the asset layer without its headers, or the reverse.
 */
export function requireWorkerRoutes(configFile = WRANGLER_CONFIG): void {
  const config = readWranglerConfig(configFile);
  const wanted = toRunWorkerFirst();
  if (JSON.stringify(config.assets?.run_worker_first) !== JSON.stringify(wanted)) {
    throw new Error(
      `${configFile}: assets.run_worker_first must be ${JSON.stringify(wanted)} (the route table's, documents/to-cdn-rules.ts)`,
    );
  }
}

/**
 * Refuses a wrangler.jsonc without the feedback bindings the worker reads (proxy/worker/worker-feedback.ts): the D1
 * database whose migrations are the Node edge's (runtime/feedback/migrations), and the rate limiter whose limit per
 * 60 seconds is the build's `feedback.per_minute` (content/site.yaml), so the worker's minute limit is the Node edge's.
 */
export function requireFeedbackBindings(perMinute: number, configFile = WRANGLER_CONFIG): void {
  const config = readWranglerConfig(configFile);
  const db = config.d1_databases?.find((d) => d.binding === FEEDBACK_BINDINGS.store);
  // wrangler reads migrations_dir relative to the file.
  if (!db?.migrations_dir || resolve(dirname(configFile), db.migrations_dir) !== resolve(MIGRATIONS_DIR)) {
    const wanted = relative(dirname(configFile), MIGRATIONS_DIR);
    throw new Error(
      `${configFile}: d1_databases needs the binding ${FEEDBACK_BINDINGS.store} with migrations_dir "${wanted}" (the Node edge's migrations)`,
    );
  }
  const limiter = config.ratelimits?.find((r) => r.name === FEEDBACK_BINDINGS.minute);
  if (limiter?.simple?.limit !== perMinute || limiter.simple.period !== 60) {
    throw new Error(
      `${configFile}: ratelimits needs ${FEEDBACK_BINDINGS.minute} with simple: { limit: ${perMinute}, period: 60 } (content/site.yaml feedback.per_minute)`,
    );
  }
}

/** What one bundle came to: the script and its size as Workers counts it (gzip-compressed). */
export interface WorkerBundle {
  outFile: string;
  bytes: number;
  gzipBytes: number;
}

/**
 * Writes the ES module worker for a built dist folder: the app plus the facts its build wrote. dist itself is
 * uploaded as Workers Static Assets (wrangler.jsonc), so the script is the same size for 41 pages or 5,000.
 */
export async function bundleWorker(options: { distDir: string; outFile: string }): Promise<WorkerBundle> {
  requireWorkerRoutes();
  const distDir = resolve(options.distDir);
  const facts = readBuildFacts(distDir);
  if (!facts) throw new Error(`${distDir}/_build.json is missing: run \`npm run build\` before bundling the worker.`);
  requireFeedbackBindings(facts.feedback.per_minute);
  const outFile = resolve(options.outFile);
  await build({
    entryPoints: [resolve(import.meta.dirname, '../proxy/worker/main.ts')],
    outfile: outFile,
    bundle: true,
    format: 'esm',
    // Neutral: no Node resolution or shims; packages pick their Workers builds (h3 → its cloudflare entry).
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser', 'import', 'default'],
    mainFields: ['module', 'main'],
    target: 'es2022',
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: 'none',
    logLevel: 'silent',
    plugins: [embedFacts(facts), forbidNodeBuiltins()],
  });
  const script = readFileSync(outFile);
  return { outFile, bytes: script.byteLength, gzipBytes: gzipSync(script).byteLength };
}
