import type { TestProject } from 'vitest/node';
import { buildTestRelease, TEST_RELEASE_ENV } from '../cli/helpers/warden-binary.ts';
import { installAgentClis } from './agent-clis.ts';
import { timePhase } from './phase-timer.ts';
import { provideScaleSite, SCALE_PAGES, type ScaleSite } from './scale-site.ts';
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
 * The test site of this run, shared by the `site` project's set-up and the `scale` project's (vitest's main process may load this
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

/** What this run's set-up made: the test site when the `site` project runs, the scale site when `scale` does. */
interface SetUp {
  testSite?: TestSite;
  scaleSite?: ScaleSite;
}

/**
 * Every set-up step of this run, started at once by whichever project's global set-up vitest calls first (it may call
 * them one after another): the Debian packages and the coding agents' CLIs the tests run (no build needs them, and
 * they mostly wait on the network while the builds take the cores), the test site, and the 5,000-page site, each only
 * when a project that reads it runs. Kept on globalThis, as provideTestSite is.
 */
export function setUpRun(projects: readonly { name: string }[]): Promise<SetUp> {
  const shared = globalThis as { wardenSetUp?: Promise<SetUp> };
  shared.wardenSetUp ??= (async () => {
    const runs = (name: string) => projects.some((p) => p.name === name);
    const testSiteRuns = runs('site');
    // In this order: the installs' requests go out before the release build's first compile holds this process.
    const tools = testSiteRuns ? timePhase('Debian packages', () => provideSystemTools()) : undefined;
    const clis = testSiteRuns ? timePhase("the coding agents' CLIs", () => installAgentClis()) : undefined;
    const testSite = testSiteRuns ? provideTestSite() : undefined;
    const scale = runs('scale') ? timePhase(`the ${SCALE_PAGES}-page site`, () => provideScaleSite()) : undefined;
    const steps = await Promise.allSettled([tools, clis, testSite, scale]);
    for (const step of steps) if (step.status === 'rejected') throw step.reason;
    return { testSite: await testSite, scaleSite: (await scale)?.site };
  })();
  return shared.wardenSetUp;
}

/** Global set-up of the `site` project: this run's set-up, and the addresses of the test site. */
export default async function setup(project: TestProject): Promise<void> {
  const { testSite } = await setUpRun(project.vitest.projects);
  project.provide('testBaseUrl', testSite!.baseUrl);
  project.provide('testAppUrl', testSite!.appUrl);
}
