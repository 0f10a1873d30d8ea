import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUMS_FILE, toVersionFolder } from '../runtime/release/release-layout.ts';
import { readReleaseManifest } from '../runtime/release/release-manifest.ts';
import { toSha256Hex } from '../runtime/release/sha256-sums.ts';

/**
 * Runs `npm run release` for this machine's target into `dir` (it rebuilds only when a file the binary bundles,
 * the lock or the baked-in addresses changed), output shown as it happens; throws when the build fails. Returns the
 * SHA-256 of the release's SHA256SUMS (a site build pinning this release records the same, `release_sums`), or
 * undefined when no binary is published for this machine, so the release has no archive to pin.
 */
export function runRelease(vars: {
  BASE_URL: string;
  RELEASE_ARCHIVE: string;
  RELEASE_DIR: string;
  RELEASE_PUBLIC_KEY: string;
  RELEASE_SIGNING_KEY: string;
}): string | undefined {
  const result = spawnSync(process.execPath, ['scripts/release.ts'], {
    stdio: 'inherit',
    env: { ...process.env, ...vars, RELEASE_TARGETS: 'host' },
  });
  if (result.status !== 0) {
    throw Object.assign(new Error(`the CLI release build failed (exit ${result.status ?? result.signal}); see its output above`), {
      code: 'RELEASE_FAILED',
    });
  }
  const manifest = readReleaseManifest(vars.RELEASE_DIR);
  if (Object.keys(manifest.built).length === 0) return undefined;
  return toSha256Hex(readFileSync(join(toVersionFolder(vars.RELEASE_DIR, manifest.version), SUMS_FILE)));
}
