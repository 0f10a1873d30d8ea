// `npm run serve`: the edge server from one bundled JavaScript file, which esbuild makes from proxy/serve.ts and
// remakes when one of its sources changes. The process then neither strips types nor walks a graph of modules at
// start, so it answers sooner and with less memory (BENCHMARKS.md). Plain JavaScript on
// purpose: a .ts entry would load Node's type stripper, the cost avoided. An install without dev dependencies (no
// esbuild) runs the TypeScript source as it is.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
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
  return Object.entries(inputs).every(([file, mtime]) => existsSync(file) && statSync(file).mtimeMs === mtime);
}

/** Bundles the edge's own code (packages stay imports, resolved from node_modules); false without esbuild. */
async function bundle() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return false;
  }
  const result = await esbuild.build({
    entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node24', packages: 'external',
    write: false, metafile: true, logLevel: 'warning', outfile: bundled,
  });
  mkdirSync(cache, { recursive: true });
  const inputs = Object.fromEntries(Object.keys(result.metafile.inputs).map((file) => [resolve(root, file), statSync(resolve(root, file)).mtimeMs]));
  // Written aside, then renamed: a second server starting meanwhile reads a whole file or none.
  const temporary = `${bundled}.${process.pid}`;
  writeFileSync(temporary, result.outputFiles[0].contents);
  renameSync(temporary, bundled);
  writeFileSync(inputsFile, JSON.stringify(inputs));
  return true;
}

const target = isFresh() || (await bundle()) ? bundled : entry;
await import(pathToFileURL(target).href);
