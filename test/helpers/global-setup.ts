import { spawn } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { APP_URL, PUBLIC_BASE_URL, TEST_DIST } from './test-build.ts';
import { provideSystemTools } from './system-tools.ts';
import { buildTestRelease } from '../cli/helpers/warden-binary.ts';

/** Builds the real content into TEST_DIST for the public example addresses, in a child process beside this one's work. */
function buildTestSite(): Promise<void> {
  const { AUTH_ISSUER: _ignored, ...env } = process.env;
  const child = spawn('npx', ['astro', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    // vitest sets NODE_ENV=test, which makes `astro build` a dev-mode build (Starlight then replaces search with a
    // "production builds only" notice); the test build must be the production build.
    env: { ...env, NODE_ENV: 'production', WARDEN_OUT_DIR: TEST_DIST, BASE_URL: PUBLIC_BASE_URL, APP_URL },
  });
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code, signal) => (code === 0 ? done() : fail(new Error(`astro build of the test site failed (${code ?? signal}); its output is above`))));
  });
}

/**
 * Gets the system tools the tests run, then builds, side by side, the real content once into .test-dist for every
 * test file that reads built files and the CLI's release for this machine (skipped when its inputs did not change).
 */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('testBaseUrl', PUBLIC_BASE_URL);
  provideSystemTools();
  const site = process.env.WARDEN_SKIP_TEST_BUILD === '1' ? Promise.resolve() : buildTestSite();
  const built = await Promise.allSettled([site, buildTestRelease()]);
  for (const result of built) if (result.status === 'rejected') throw result.reason;
}
