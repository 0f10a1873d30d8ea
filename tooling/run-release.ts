import { spawnSync } from 'node:child_process';

/**
 * Runs `npm run release` for this machine's target into `dir` (it rebuilds only when the CLI's sources, the
 * lock or the baked-in addresses changed), output shown as it happens; throws when the build fails.
 */
export function runRelease(vars: {
  BASE_URL: string;
  RELEASE_ARCHIVE: string;
  RELEASE_DIR: string;
  RELEASE_PUBLIC_KEY: string;
  RELEASE_SIGNING_KEY: string;
}): void {
  const result = spawnSync(process.execPath, ['scripts/release.ts'], {
    stdio: 'inherit',
    env: { ...process.env, ...vars, RELEASE_TARGETS: 'host' },
  });
  if (result.status !== 0) {
    throw Object.assign(new Error(`the CLI release build failed (exit ${result.status ?? result.signal}); see its output above`), {
      code: 'RELEASE_FAILED',
    });
  }
}
