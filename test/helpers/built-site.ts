import { resolve } from 'node:path';

/**
 * The build the build and edge tests read: the real content in .test-dist (built once per `npm test` by
 * global-setup.ts), or, in the `scale` test project, the generated 5,000-page site (WARDEN_TEST_DIST, scale-site.ts).
 */
export const DIST = resolve(process.env.WARDEN_TEST_DIST || '.test-dist');
/** The base URL the test build is made for. */
export const BASE_URL = 'https://warden.example';
/** The hosted origin the test build names. */
export const APP_URL = 'https://app.warden.example';

/**
 * The content as the test build saw it. Always pass the environment explicitly: vitest sets
 * process.env.BASE_URL to "/" (Vite's base), which is not a site URL.
 */
export async function readTestContent() {
  const { getContentDir, readContent } = await import('../../src/content/read-content.ts');
  return readContent(getContentDir(), { BASE_URL, APP_URL });
}
