import { spawnSync } from 'node:child_process';

/** Runs `astro build` for the given addresses, output shown as it happens; throws when the build fails. */
export function runBuild(vars: {
  BASE_URL: string;
  APP_URL: string;
  AUTH_ISSUER: string;
  WARDEN_OUT_DIR: string;
  RELEASE_ARCHIVE?: string;
  RELEASE_PUBLIC_KEY?: string;
  /** The release folder whose archives the installers pin. */
  RELEASE_DIR?: string;
}): void {
  const result = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit', env: { ...process.env, ...vars } });
  if (result.status !== 0) {
    // A coded error: the entry prints the message (the build's own output above says why), no stack trace.
    throw Object.assign(new Error(`astro build failed (exit ${result.status ?? result.signal}); see its output above`), {
      code: 'BUILD_FAILED',
    });
  }
}
