import { resolve } from 'node:path';
import { inject } from 'vitest';
import { TEST_DIST } from './test-build.ts';

/**
 * The build the build and edge tests read: the real content in .test-dist (built once per `npm test` by
 * global-setup.ts), or, in the `scale` test project, the generated 5,000-page site (WARDEN_TEST_DIST, scale-site.ts).
 */
export const DIST = process.env.WARDEN_TEST_DIST ? resolve(process.env.WARDEN_TEST_DIST) : TEST_DIST;
/**
 * The base URL that build is made for: a loopback address (for .test-dist, the one test/at-build-address serves it at;
 * for the scale site, where test/e2e/afdocs-scale.test.ts serves it). The project's global set-up decides it.
 */
export const BASE_URL = inject('testBaseUrl');
/** The hosted origin that build names: for .test-dist, where test/at-build-address runs the sandbox. */
export const APP_URL = inject('testAppUrl');

/**
 * The origins besides its own that the build names: the hosted app (APP_URL) and the release archive's host. An
 * address on any other host in a built document is a mistake.
 */
export async function readOtherOrigins(): Promise<string[]> {
  const { site } = await readTestContent();
  return [new URL(site.app_url).origin, new URL(site.cli.release_archive).origin];
}

/**
 * The content as the test build saw it. Always pass the environment explicitly: vitest sets
 * process.env.BASE_URL to "/" (Vite's base), which is not a site URL. .test-dist pins the test release (the scale
 * site pins none).
 */
export async function readTestContent() {
  const { getContentDir, readContent } = await import('../../content-model/read-content.ts');
  const release = DIST === TEST_DIST ? (await import('./cli/warden-binary.ts')).TEST_RELEASE_ENV : {};
  return readContent(getContentDir(), { BASE_URL, APP_URL, ...release });
}
