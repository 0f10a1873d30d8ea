import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { APP_URL, PUBLIC_BASE_URL, TEST_DIST } from './test-build.ts';
import { provideSystemTools } from './system-tools.ts';
import { buildTestRelease } from '../cli/helpers/warden-binary.ts';

/**
 * Gets the system tools the tests run, builds the CLI's release for this machine (skipped when its inputs did
 * not change), then builds the real content once into .test-dist for every test file that reads built files.
 */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('testBaseUrl', PUBLIC_BASE_URL);
  provideSystemTools();
  await buildTestRelease();
  if (process.env.WARDEN_SKIP_TEST_BUILD === '1') return;
  const { AUTH_ISSUER: _ignored, ...env } = process.env;
  execFileSync('npx', ['astro', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    // vitest sets NODE_ENV=test, which makes `astro build` a dev-mode build (Starlight then replaces search with a
    // "production builds only" notice); the test build must be the production build.
    env: { ...env, NODE_ENV: 'production', WARDEN_OUT_DIR: TEST_DIST, BASE_URL: PUBLIC_BASE_URL, APP_URL },
  });
}
