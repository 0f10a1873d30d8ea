import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { parse as parseJsonc } from 'jsonc-parser';
import { toRunWorkerFirst } from '../documents/to-cdn-rules.ts';
import type { BuildFacts } from '../facts/build-facts.ts';
import { readBuildFacts } from '../proxy/node/build-info.ts';

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

/**
 * Refuses a wrangler.jsonc whose `run_worker_first` is not the route table's (documents/to-cdn-rules.ts): a path the
 * worker should answer would be served by the asset layer without its headers, or the reverse.
 */
export function requireWorkerRoutes(configFile = resolve(import.meta.dirname, '../wrangler.jsonc')): void {
  const config = parseJsonc(readFileSync(configFile, 'utf8')) as { assets?: { run_worker_first?: unknown } };
  const wanted = toRunWorkerFirst();
  if (JSON.stringify(config.assets?.run_worker_first) !== JSON.stringify(wanted)) {
    throw new Error(
      `${configFile}: assets.run_worker_first must be ${JSON.stringify(wanted)} (the route table's, documents/to-cdn-rules.ts)`,
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
