import type { TestProject } from 'vitest/node';
import { setUpRun } from './global-setup.ts';
import { SCALE_PAGES } from './scale-site.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The stamp the scale build of this run carries once it is built (scale-ready.ts waits for it). */
    scaleStamp: string;
  }
}

/**
 * Global set-up of the `scale` test project: the generated site the build and edge tests then read
 * (WARDEN_TEST_DIST), and the base URL it is made for (provided as testBaseUrl). It does not wait for the build:
 * the `site` project's files start beside it, and each `scale` file waits for it (scale-ready.ts). The teardown
 * reports a build that failed, so the run fails even when no `scale` file ran.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Every step of the run's set-up starts now, whichever project's set-up vitest calls first.
  const { site, stamp, built } = await setUpRun(project.vitest.projects).scaleSite!;
  project.provide('testBaseUrl', site.baseUrl);
  project.provide('testAppUrl', site.appUrl);
  project.provide('scaleStamp', stamp);
  built.then(
    (seconds) =>
      console.error(
        seconds
          ? `Built the ${SCALE_PAGES}-page site for ${site.baseUrl} in ${seconds.toFixed(0)} s`
          : `Kept the ${SCALE_PAGES}-page site built from the same sources for ${site.baseUrl}`,
      ),
    () => {},
  );
  return async () => {
    await built;
  };
}
