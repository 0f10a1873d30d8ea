import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { BuildDefaults } from '../../cli/build-defaults.ts';

/** The fuse Node looks for to know it carries a SEA blob (Node docs, "Single executable applications"). */
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const POSTJECT_CLI = createRequire(import.meta.url).resolve('postject/dist/cli.js');

/**
 * The same CLI as a Node single executable application for this machine (the runtime the release used
 * before Bun), built only for the bench's comparison: one esbuild bundle, V8's code cache, this Node's
 * binary, stripped. Returns the binary's path.
 */
export async function buildNodeSea(cliDir: string, defaults: BuildDefaults, work: string): Promise<string> {
  const bundle = await build({
    entryPoints: [`${cliDir}/bin.ts`],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node24',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'error',
    define: { WARDEN_DEFAULTS: JSON.stringify(defaults) },
  });
  const main = join(work, 'main.cjs');
  const blob = join(work, 'sea.blob');
  const out = join(work, 'warden-node-sea');
  writeFileSync(main, bundle.outputFiles[0]!.text);
  writeFileSync(
    join(work, 'sea-config.json'),
    JSON.stringify({ main, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true, useSnapshot: false }),
  );
  execFileSync(process.execPath, ['--experimental-sea-config', join(work, 'sea-config.json')], { stdio: 'ignore' });
  copyFileSync(process.execPath, out);
  chmodSync(out, 0o755);
  execFileSync('strip', [out], { stdio: 'ignore' });
  const result = spawnSync(process.execPath, [POSTJECT_CLI, out, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', FUSE], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`postject failed:\n${result.stderr}`);
  return out;
}
