import type { TestProject } from 'vitest/node';
import { buildTestRelease, TEST_RELEASE_ENV } from '../cli/helpers/warden-binary.ts';
import { timePhase } from './phase-timer.ts';
import { provideScaleSite, SCALE_PAGES } from './scale-site.ts';
import { provideSystemTools } from './system-tools.ts';
import { buildTestSite, chooseTestSite, type TestSite } from './test-build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The base URL the project's build was made for, provided by its global set-up. */
    testBaseUrl: string;
    /** The hosted origin (and authorization server) that build names. */
    testAppUrl: string;
  }
}

/**
 * The test site of this run, shared by the `site` and `local` projects' set-ups (vitest's main process may load this
 * module once per project, so the one build is kept on globalThis): the CLI's release of every target (skipped when
 * its inputs did not change), then the real content built for loopback addresses into .test-dist, its installers
 * pinning that release, as `npm start` builds.
 */
export function provideTestSite(): Promise<TestSite> {
  const shared = globalThis as { wardenTestSite?: Promise<TestSite> };
  shared.wardenTestSite ??= (async () => {
    const site = await chooseTestSite();
    const release = await timePhase('the CLI release, every target', buildTestRelease);
    if (process.env.WARDEN_SKIP_TEST_BUILD !== '1') {
      const seconds = await timePhase('the test site', () => buildTestSite(site, TEST_RELEASE_ENV, release.inputs));
      if (seconds === 0) console.error(`Kept the test site built from the same sources for ${site.baseUrl}`);
    }
    return site;
  })();
  return shared.wardenTestSite;
}

/**
 * Global set-up of the `site` and `local` projects: the Debian packages the tests run (installed while the builds
 * run: no build needs them), the test site, and, when the `scale` project runs too, its 5,000-page site beside them
 * (its own set-up then finds it built).
 */
export default async function setup(project: TestProject): Promise<void> {
  const scaleRuns = project.vitest.projects.some((p) => p.name === 'scale');
  const shared = globalThis as { wardenSetUp?: Promise<TestSite> };
  shared.wardenSetUp ??= (async () => {
    const steps = await Promise.allSettled([
      timePhase('Debian packages', () => provideSystemTools()),
      provideTestSite(),
      scaleRuns ? timePhase(`the ${SCALE_PAGES}-page site`, () => provideScaleSite()) : Promise.resolve(),
    ]);
    for (const step of steps) if (step.status === 'rejected') throw step.reason;
    return (steps[1] as PromiseFulfilledResult<TestSite>).value;
  })();
  const site = await shared.wardenSetUp;
  project.provide('testBaseUrl', site.baseUrl);
  project.provide('testAppUrl', site.appUrl);
}
