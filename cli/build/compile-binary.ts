import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { BuildDefaults } from '../build-defaults.ts';

/** The Bun this build compiles with (the `bun` devDependency), and its version, which every target's runtime matches. */
export const BUN = join(dirname(createRequire(import.meta.url).resolve('bun/package.json')), 'bin', 'bun.exe');

/** The Bun version the binaries embed (part of a release's inputs: a new Bun is a new release). */
export function getBunVersion(): string {
  return execFileSync(BUN, ['--version'], { encoding: 'utf8' }).trim();
}

/** The binary's file name on a target: `warden.exe` on Windows, where the shell finds programs by extension. */
export function toBinaryName(binary: string, target: string): string {
  return target.startsWith('windows-') ? `${binary}.exe` : binary;
}

/**
 * Compiles the CLI into one executable for `target` (`darwin-arm64`, `linux-x64-musl`, `windows-x64`, …) with
 * `bun build --compile`, which takes each target's runtime from the npm registry (`@oven/bun-*`), so every
 * target builds on this machine. The defaults are baked in by `define`; `--bytecode` stores the parsed
 * program, so a start does not parse the bundle. The output name is the same for every build of a target:
 * Bun records it inside the binary, and a reproducible release needs identical inputs. Bun runs in `root` and
 * writes the bundle's inputs, relative to it, to `metafile` (which leaves the binary's bytes as they are).
 */
export function compileBinary(o: {
  root: string;
  entry: string;
  defaults: BuildDefaults;
  target: string;
  outDir: string;
  metafile: string;
}): string {
  const out = join(o.outDir, toBinaryName(o.defaults.binary, o.target));
  execFileSync(
    BUN,
    [
      'build',
      o.entry,
      '--compile',
      '--minify',
      '--bytecode',
      `--target=bun-${o.target}`,
      '--define',
      `WARDEN_DEFAULTS=${JSON.stringify(o.defaults)}`,
      '--no-compile-autoload-dotenv',
      '--no-compile-autoload-bunfig',
      `--metafile=${o.metafile}`,
      '--outfile',
      out,
    ],
    { cwd: o.root, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return out;
}
