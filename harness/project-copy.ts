import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where temporary project copies live: inside the checkout, so imports resolve up to its node_modules without links. */
export const COPY_ROOT = resolve('.build-tmp');

/**
 * A copy of the files an `astro build` reads (config, src, content, runtime, facts, documents) in a fresh folder under `.build-tmp/`.
 * Each copy has its own `.astro/` and `node_modules/.astro/` caches, so concurrent builds (other tests,
 * other engineers' builds of the checkout) never share or corrupt them.
 */
export function copyProject(prefix = 'project-'): string {
  mkdirSync(COPY_ROOT, { recursive: true });
  const dir = mkdtempSync(join(COPY_ROOT, prefix));
  for (const f of ['astro.config.mjs', 'tsconfig.json', 'package.json']) cpSync(resolve(f), join(dir, f));
  for (const d of ['src', 'content', 'runtime', 'facts', 'documents']) cpSync(resolve(d), join(dir, d), { recursive: true });
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
