import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { readBuildFacts } from './build-info.ts';
import { readDist } from './read-dist.ts';
import type { EmbeddedSite } from '../edge/embedded-site.ts';
import { toEmbeddedFiles } from './embed-files.ts';

/** The Workers compatibility date the bundle is written and tested for. */
export const COMPATIBILITY_DATE = '2026-04-01';

const EMBEDDED_SITE = 'warden:embedded-site';
const NODE_BUILTINS = new Set(builtinModules);

/** Resolves `warden:embedded-site` to a generated module holding the build's facts and files. */
function embedSite(site: EmbeddedSite): Plugin {
  return {
    name: 'warden-embedded-site',
    setup(b) {
      b.onResolve({ filter: /^warden:embedded-site$/ }, () => ({ path: EMBEDDED_SITE, namespace: 'warden' }));
      b.onLoad({ filter: /.*/, namespace: 'warden' }, () => ({ contents: `export default ${JSON.stringify(site)};`, loader: 'js' }));
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
        return { errors: [{ text: `${importer} imports ${path}: Node-only code cannot go in the worker bundle (keep it in proxy/node/)` }] };
      });
    },
  };
}

/** Reads a built dist folder and the facts its build wrote, then writes one ES module worker with everything embedded. */
export async function bundleWorker(options: { distDir: string; outFile: string }): Promise<{ outFile: string; bytes: number; files: number }> {
  const distDir = resolve(options.distDir);
  const facts = readBuildFacts(distDir);
  if (!facts) throw new Error(`${distDir}/_build.json is missing: run \`npm run build\` before bundling the worker.`);
  const files = toEmbeddedFiles(readDist(distDir));
  const site: EmbeddedSite = { facts, files };
  const outFile = resolve(options.outFile);
  const result = await build({
    entryPoints: [resolve(import.meta.dirname, '../edge/main.ts')],
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
    metafile: true,
    plugins: [embedSite(site), forbidNodeBuiltins()],
  });
  return { outFile, bytes: result.metafile.outputs[Object.keys(result.metafile.outputs)[0]!]!.bytes, files: files.length };
}
