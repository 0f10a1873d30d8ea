import type { TestProject } from 'vitest/node';
import { runAstroBuild } from '../../harness/build-dist.ts';
import { provideScaleSite } from './scale-site.ts';
import { APP_URL, PRODUCTION, PUBLIC_BASE_URL, TEST_DIST } from './test-build.ts';
import { provideSystemTools } from './system-tools.ts';
import { buildTestRelease, TEST_RELEASE_ENV } from '../cli/helpers/warden-binary.ts';

/**
 * Gets the system tools the tests run, then builds: the CLI's release of every target (skipped when its inputs did
 * not change), then, as `npm start` does, the real content into .test-dist for every test file that reads built
 * files, its installers pinning that release; beside both, when the `scale` project runs too, its 5,000-page site
 * (its own set-up then finds it built).
 */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('testBaseUrl', PUBLIC_BASE_URL);
  provideSystemTools();
  const release = buildTestRelease();
  const site =
    process.env.WARDEN_SKIP_TEST_BUILD === '1'
      ? release
      : release.then(() =>
          runAstroBuild(process.cwd(), {
            ...PRODUCTION,
            WARDEN_OUT_DIR: TEST_DIST,
            BASE_URL: PUBLIC_BASE_URL,
            APP_URL,
            ...TEST_RELEASE_ENV,
          }),
        );
  const scale = project.vitest.projects.some((p) => p.name === 'scale') ? provideScaleSite() : Promise.resolve();
  const built = await Promise.allSettled([site, scale, release]);
  for (const result of built) if (result.status === 'rejected') throw result.reason;
}
