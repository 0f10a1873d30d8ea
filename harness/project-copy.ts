import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BUILD_SOURCES } from '../runtime/node/source-hash.ts';

/** Where temporary project copies live: inside the checkout, so imports resolve up to its node_modules without links. */
export const COPY_ROOT = resolve('.build-tmp');

/**
 * A copy of the files an `astro build` reads (BUILD_SOURCES: the config, the site, the content and the modules it
 * builds with) in a fresh folder under `.build-tmp/`.
 * Each copy has its own `.astro/` and `node_modules/.astro/` caches, so concurrent builds (other tests,
 * other engineers' builds of the checkout) never share or corrupt them.
 */
export function copyProject(prefix = 'project-'): string {
  mkdirSync(COPY_ROOT, { recursive: true });
  const dir = mkdtempSync(join(COPY_ROOT, prefix));
  for (const source of BUILD_SOURCES) cpSync(resolve(source), join(dir, source), { recursive: true });
  return dir;
}

/** Removes a project copy, and `.build-tmp/` itself once it is empty. */
export function removeProjectCopy(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  try {
    if (readdirSync(COPY_ROOT).length === 0) rmSync(COPY_ROOT, { recursive: true, force: true });
  } catch {
    // another process removed it first
  }
}
