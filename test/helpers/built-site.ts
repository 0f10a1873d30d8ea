import { resolve } from 'node:path';
import { inject } from 'vitest';
import { APP_URL, TEST_DIST } from './test-build.ts';

export { APP_URL };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The base URL the project's build was made for, provided by its global set-up. */
    testBaseUrl: string;
  }
}

/**
 * The build the build and edge tests read: the real content in .test-dist (built once per `npm test` by
 * global-setup.ts), or, in the `scale` test project, the generated 5,000-page site (WARDEN_TEST_DIST, scale-site.ts).
 */
export const DIST = process.env.WARDEN_TEST_DIST ? resolve(process.env.WARDEN_TEST_DIST) : TEST_DIST;
/**
 * The base URL that build is made for: the public example for .test-dist, a loopback address for the scale site (so
 * the afdocs checker can walk it where it is served). The project's global set-up decides it and provides it.
 */
export const BASE_URL = inject('testBaseUrl');

/**
 * The content as the test build saw it. Always pass the environment explicitly: vitest sets
 * process.env.BASE_URL to "/" (Vite's base), which is not a site URL. .test-dist pins the test release (the scale
 * site pins none).
 */
export async function readTestContent() {
  const { getContentDir, readContent } = await import('../../content-model/read-content.ts');
  const release = DIST === TEST_DIST ? (await import('../cli/helpers/warden-binary.ts')).TEST_RELEASE_ENV : {};
  return readContent(getContentDir(), { BASE_URL, APP_URL, ...release });
}
