import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** `linux-x64` etc. for the machine this runs on. */
export function toHostTarget(platform = process.platform, arch = process.arch): string {
  return `${platform}-${arch}`;
}

/**
 * The Node binary of `version` for `target`: this process's own for the host target, else the one in the
 * npm registry's `node-<target>` package (the packages the `node` package installs from), unpacked into
 * `cacheDir` once. Undefined when the registry has no such build.
 */
export function getNodeRuntime(target: string, version: string, cacheDir: string, log: (line: string) => void): string | undefined {
  if (target === toHostTarget() && process.version === `v${version}`) return process.execPath;
  const dir = join(cacheDir, `node-${target}-${version}`);
  const binary = join(dir, 'bin', 'node');
  if (existsSync(binary)) return binary;
  mkdirSync(cacheDir, { recursive: true });
  const work = mkdtempSync(join(cacheDir, 'pack-'));
  try {
    log(`fetching node-${target}@${version} from the npm registry`);
    const file = execFileSync('npm', ['pack', `node-${target}@${version}`, '--pack-destination', work, '--silent'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n').pop()!;
    execFileSync('tar', ['-xzf', join(work, file), '-C', work]);
    rmSync(dir, { recursive: true, force: true });
    renameSync(join(work, 'package'), dir);
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
