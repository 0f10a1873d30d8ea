import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { listFiles } from './list-files.ts';

/** What `astro build` reads, relative to the project root: a change in any of them changes the output. */
export const BUILD_SOURCES = [
  'astro.config.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'content',
  'src',
  'content-model',
  'documents',
  'installers',
  'facts',
  'runtime',
] as const;

/**
 * A digest of every file the build reads (names and bytes, in a stable order). The build records it in
 * `_build.json`; `npm start` compares it with the sources on disk and rebuilds when they differ.
 */
export function toSourceHash(root: string, contentDir = join(root, 'content')): string {
  const hash = createHash('sha256');
  const roots = BUILD_SOURCES.map((s) => (s === 'content' ? contentDir : join(root, s)));
  for (const path of roots) {
    if (!existsSync(path)) continue;
    const files = statSync(path).isDirectory()
      ? listFiles(path)
          .map((f) => join(path, f))
          .sort()
      : [path];
    for (const file of files) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex').slice(0, 32);
}
