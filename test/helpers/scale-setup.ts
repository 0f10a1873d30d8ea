import type { TestProject } from 'vitest/node';
import { setUpRun } from './global-setup.ts';
import { provideScaleSite, SCALE_PAGES } from './scale-site.ts';

/**
 * Global set-up of the `scale` test project: the generated site the build and edge tests then read
 * (WARDEN_TEST_DIST), and the base URL it was made for (provided as testBaseUrl).
 */
export default async function setup(project: TestProject): Promise<void> {
  // Every step of the run's set-up starts now, whichever project's set-up vitest calls first.
  await setUpRun(project.vitest.projects);
  const { site, seconds } = await provideScaleSite();
  console.error(
    seconds
      ? `Built the ${SCALE_PAGES}-page site for ${site.baseUrl} in ${seconds.toFixed(0)} s`
      : `Kept the ${SCALE_PAGES}-page site built from the same sources for ${site.baseUrl}`,
  );
  project.provide('testBaseUrl', site.baseUrl);
  project.provide('testAppUrl', site.appUrl);
}
