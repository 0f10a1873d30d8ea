import type { TestProject } from 'vitest/node';
import { buildTestRelease, TEST_RELEASE_ENV } from './cli/warden-binary.ts';
import { installAgentClis } from './agent-clis.ts';
import { timePhase } from './phase-timer.ts';
import { provideScaleSite, SCALE_PAGES, type ScaleBuild } from './scale-site.ts';
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

/** What this run's set-up makes: the test site when the `site` project runs, the scale site when `scale` does. */
interface SetUp {
  /** The system tools, the coding agents' CLIs, the release and the test site: what the `site` project's files need. */
  testSite?: Promise<TestSite>;
  /** Chosen at once, built beside the `site` project's first files (ScaleBuild.built). */
  scaleSite?: Promise<ScaleBuild>;
}

/**
 * Every set-up step of this run, started at once by whichever project's global set-up vitest calls first (it calls
 * them one after another, and runs no test file before both returned): the Debian packages and the coding agents'
 * CLIs the tests run (no build needs them, and they mostly wait on the network while the builds take the cores), the
 * test site, and the 5,000-page site, each only when a project that reads it runs. The `site` set-up waits for its
 * own steps only: the 5,000-page build goes on beside the first test files, whose waits would leave a core idle, and
 * each `scale` file waits for it (scale-ready.ts). Kept on globalThis, as provideTestSite is.
 */
export function setUpRun(projects: readonly { name: string }[]): SetUp {
  const shared = globalThis as { wardenSetUp?: SetUp };
  shared.wardenSetUp ??= (() => {
    const runs = (name: string) => projects.some((p) => p.name === name);
    if (!runs('site')) return { scaleSite: runs('scale') ? startScaleSite() : undefined };
    // In this order: the installs' requests go out before the release build's first compile holds this process.
    const tools = timePhase('Debian packages', () => provideSystemTools());
    const clis = timePhase("the coding agents' CLIs", () => installAgentClis());
    const testSite = provideTestSite();
    const scaleSite = runs('scale') ? startScaleSite() : undefined;
    const siteSteps = Promise.allSettled([tools, clis, testSite]).then(async (steps) => {
      const failed = steps.find((step) => step.status === 'rejected');
      if (!failed) return testSite;
      // The run stops here: the build's own process is not left running after it.
      await scaleSite?.then((build) => build.built).catch(() => {});
      throw failed.reason;
    });
    return { testSite: siteSteps, scaleSite };
  })();
  return shared.wardenSetUp;
}

/** The 5,000-page build, started now; its phase is timed to its end (a failure is reported where it is awaited). */
function startScaleSite(): Promise<ScaleBuild> {
  const build = provideScaleSite();
  timePhase(`the ${SCALE_PAGES}-page site`, () => build.then((b) => b.built)).catch(() => {});
  return build;
}

/** Global set-up of the `site` project: this run's set-up, and the addresses of the test site. */
export default async function setup(project: TestProject): Promise<void> {
  const testSite = await setUpRun(project.vitest.projects).testSite!;
  project.provide('testBaseUrl', testSite.baseUrl);
  project.provide('testAppUrl', testSite.appUrl);
}
