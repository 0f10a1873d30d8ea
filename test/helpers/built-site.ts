import { resolve } from 'node:path';

/** Where the test build of the real content lives (built once per `npm test` by global-setup.ts). */
export const DIST = resolve('.test-dist');
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
