import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CORES_ASSET } from './bundle-cli.ts';

const POSTJECT_CLI = createRequire(import.meta.url).resolve('postject/dist/cli.js');

/** The fuse Node looks for to know it carries a SEA blob (Node docs, "Single executable applications"). */
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** Whether the GNU `strip` here can rewrite this ELF file (it drops ~18 MB of symbols from a Node binary). */
function tryStrip(file: string): boolean {
  try {
    execFileSync('strip', [file], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A Node single executable: the blob is prepared by this Node (which must be the target's version), the
 * target's Node binary is copied, stripped when it is ELF, and the blob injected with postject. V8's code
 * cache only for the host target (it is specific to the V8 build it was made by). macOS binaries come out
 * with a broken signature: they need `codesign --sign -` on a Mac before they run.
 */
export async function buildSea(o: { scripts: { main: string; cores: string }; node: string; out: string; work: string; codeCache: boolean; macho: boolean }): Promise<{ stripped: boolean }> {
  const main = join(o.work, 'main.cjs');
  const cores = join(o.work, CORES_ASSET);
  const blob = join(o.work, 'sea.blob');
  writeFileSync(main, o.scripts.main);
  writeFileSync(cores, o.scripts.cores);
  const config = { main, output: blob, disableExperimentalSEAWarning: true, useCodeCache: o.codeCache, useSnapshot: false, assets: { [CORES_ASSET]: cores } };
  writeFileSync(join(o.work, 'sea-config.json'), JSON.stringify(config));
  execFileSync(process.execPath, ['--experimental-sea-config', join(o.work, 'sea-config.json')], { stdio: 'ignore' });
  copyFileSync(o.node, o.out);
  chmodSync(o.out, 0o755);
  const stripped = !o.macho && tryStrip(o.out);
  // postject's CLI in a child process: its ELF writer prints harmless warnings, shown only if it fails.
  const args = [POSTJECT_CLI, o.out, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', FUSE, ...(o.macho ? ['--macho-segment-name', 'NODE_SEA'] : [])];
  const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`postject failed on ${o.out}:\n${result.stderr}`);
  return { stripped };
}
