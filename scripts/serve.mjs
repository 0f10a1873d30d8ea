// `npm run serve`: the edge server from one bundled JavaScript file, which esbuild makes from proxy/serve.ts and the
// packages it imports, and remakes when one of those files changes. The process then neither strips types nor
// resolves, reads and links a graph of modules from node_modules at start, so it answers sooner and with less memory
// (BENCHMARKS.md); Node's compile cache beside the bundle spares compiling it again on later starts. Plain JavaScript
// on purpose: a .ts entry would load Node's type stripper, the cost avoided. An install without dev dependencies (no
// esbuild) runs the TypeScript source as it is.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { enableCompileCache, flushCompileCache } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'proxy', 'serve.ts');
const cache = join(root, 'node_modules', '.cache', 'warden-edge');
const bundled = join(cache, 'serve.mjs');
const inputsFile = join(cache, 'inputs.json');

/** Whether the bundle was made from the sources as they are now (every input file with its modification time). */
function isFresh() {
  if (!existsSync(bundled) || !existsSync(inputsFile)) return false;
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  return Object.entries(inputs).every(([file, mtime]) => statSync(file, { throwIfNoEntry: false })?.mtimeMs === mtime);
}

/**
 * Bundles the edge with its packages into one file; false without esbuild. Their CommonJS code (pino, prom-client,
 * undici) reaches Node's built-ins through `require`, which an ES module lacks: the banner makes one. pino's worker
 * threads (transports) are never started here, so its worker files need not exist beside the bundle; pino-pretty,
 * required only on a terminal, stays a package loaded from node_modules then.
 */
async function bundle() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return false;
  }
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    write: false,
    metafile: true,
    logLevel: 'warning',
    outfile: bundled,
    plugins: [undiciPool],
  });
  mkdirSync(cache, { recursive: true });
  const inputs = Object.fromEntries(
    Object.keys(result.metafile.inputs)
      .filter((file) => !file.startsWith('undici-pool:'))
      .map((file) => [resolve(root, file), statSync(resolve(root, file)).mtimeMs]),
  );
  // Written aside, then renamed: a second server starting meanwhile reads a whole file or none.
  const temporary = `${bundled}.${process.pid}`;
  writeFileSync(temporary, result.outputFiles[0].contents);
  renameSync(temporary, bundled);
  writeFileSync(inputsFile, JSON.stringify(inputs));
  return true;
}

/**
 * undici's index loads all of undici (fetch, WebSocket, caches, mocks) before it exports anything; the edge takes its
 * connection pool alone (proxy/node/upstream-pool.ts), so the bundle takes the two modules that index re-exports.
 */
const undiciPool = {
  name: 'undici-pool',
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, () => ({ path: 'undici', namespace: 'undici-pool' }));
    build.onLoad({ filter: /.*/, namespace: 'undici-pool' }, () => ({
      resolveDir: root,
      contents:
        "export { default as Agent } from 'undici/lib/dispatcher/agent.js'; export { default as buildConnector } from 'undici/lib/core/connect.js';",
    }));
  },
};

const target = isFresh() || (await bundle()) ? bundled : entry;
// The cache is kept per Node version and per file's contents: a remade bundle or another Node compiles afresh and
// writes its own entry. Nothing is cached where the folder cannot be written; NODE_COMPILE_CACHE, when set, wins.
enableCompileCache(join(cache, 'compile'));
await import(pathToFileURL(target).href);
// Written now that the server is listening, not at exit: a server that is killed never exits.
flushCompileCache();
