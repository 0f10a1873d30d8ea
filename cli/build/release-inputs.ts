import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file under `dir`, sorted, as paths relative to `root`. */
function listFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(root, join(dir, e.name)) : [join(dir, e.name)]))
    .sort();
}

/**
 * A hash of everything a release is made from: the CLI's sources, the lock file (the bundled dependencies and
 * the compiler), and the facts given (baked defaults, targets, runtime, signing key). Equal hash, equal release.
 */
export function toReleaseInputsHash(root: string, facts: unknown): string {
  const hash = createHash('sha256');
  for (const file of [...listFiles(root, 'cli'), 'package-lock.json']) {
    hash
      .update(relative(root, join(root, file)))
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.update(JSON.stringify(facts)).digest('hex');
}
