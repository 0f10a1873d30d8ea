import { build, type Plugin } from 'esbuild';
import type { BuildDefaults } from '../build-defaults.ts';

/** The name of the cores script among the single executable's assets. */
export const CORES_ASSET = 'cores.cjs';

/**
 * In the entry script, `import('./cores.ts')` (cli/load-cores.ts) becomes: evaluate the cores script embedded
 * as a SEA asset. The start-up script then holds only the command tree, so `--version` compiles ~60 KB
 * instead of ~1.2 MB; the cores (MCP SDK, zod, OAuth) are compiled when a command first needs them.
 */
const embeddedCores: Plugin = {
  name: 'warden-embedded-cores',
  setup(b) {
    b.onResolve({ filter: /\/cores\.ts$/ }, (args) => (args.importer.endsWith('load-cores.ts') ? { path: 'cores', namespace: 'warden-embedded' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'warden-embedded' }, () => ({
      loader: 'js',
      contents: [
        "const { getAsset } = require('node:sea');",
        "const { compileFunction } = require('node:vm');",
        `compileFunction(getAsset(${JSON.stringify(CORES_ASSET)}, 'utf8'), ['exports', 'require', 'module'], { filename: ${JSON.stringify(CORES_ASSET)} })(module.exports, require, module);`,
      ].join('\n'),
    }));
  },
};

const common = { bundle: true, platform: 'node', format: 'cjs', target: 'node24', minify: true, legalComments: 'none', write: false, logLevel: 'error' } as const;

/**
 * Bundles the CLI into two CommonJS scripts for a Node single executable: the entry (`main`), its defaults
 * baked in, and the cores it loads on demand (`cores`, stored as an asset).
 */
export async function bundleCli(cliDir: string, defaults: BuildDefaults): Promise<{ main: string; cores: string }> {
  const [main, cores] = await Promise.all([
    build({ ...common, entryPoints: [`${cliDir}/bin.ts`], define: { WARDEN_DEFAULTS: JSON.stringify(defaults) }, plugins: [embeddedCores] }),
    build({ ...common, entryPoints: [`${cliDir}/cores.ts`] }),
  ]);
  return { main: main.outputFiles[0]!.text, cores: cores.outputFiles[0]!.text };
}
