import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { listFiles } from '../../runtime/node/list-files.ts';

/**
 * What a release is made from besides its sources: the lock (the bundled dependencies and the compiler) and
 * tsconfig.json (the settings Bun's transpiler reads).
 */
const FIXED_INPUTS = ['package-lock.json', 'tsconfig.json'];
/** The release build's own code, which turns the bundle into archives (compiler flags, archive format, macOS re-signing). */
const BUILDER = 'cli/build';

/**
 * The project files a Bun metafile (`bun build --metafile`, run in the project root) names as the bundle's inputs,
 * sorted. Dependencies are left to the lock: those under node_modules, and those outside the root, where a linked
 * node_modules resolves.
 */
export function readBundledSources(metafile: string): string[] {
  const { inputs } = JSON.parse(readFileSync(metafile, 'utf8')) as { inputs: Record<string, unknown> };
  return Object.keys(inputs)
    .filter((p) => !isAbsolute(p) && !p.startsWith('../') && !p.split('/').includes('node_modules'))
    .sort();
}

/** The sources a release records: the files every target's bundle read, and the release build's own files, sorted. */
export function toReleaseSources(root: string, bundled: Iterable<string>): string[] {
  const builder = listFiles(join(root, BUILDER)).map((f) => `${BUILDER}/${f}`);
  return [...new Set([...bundled, ...builder])].sort();
}

/**
 * A hash of everything a release is made from: its sources (the previous build's list: a file newly imported can
 * only come in through an edit to a listed one), the lock and tsconfig.json, and the facts given (baked defaults,
 * targets, runtime, signing key). Equal hash, equal release. A source since deleted hashes as missing.
 */
export function toReleaseInputsHash(root: string, sources: readonly string[], facts: unknown): string {
  const hash = createHash('sha256');
  for (const file of [...sources, ...FIXED_INPUTS]) {
    const path = join(root, file);
    const digest = existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : 'missing';
    hash.update(file).update('\0').update(digest).update('\0');
  }
  return hash.update(JSON.stringify(facts)).digest('hex');
}
