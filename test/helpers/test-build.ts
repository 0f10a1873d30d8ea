import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { toLocalUrl } from '../../runtime/local-defaults.ts';
import { toSourceHash } from '../../runtime/node/source-hash.ts';
import { runAstroBuild } from '../../scripts/run-build.ts';
import { chooseBuildPort } from './checkable-port.ts';

// What the test builds are made for, read by the global set-ups (in vitest's main process) and by built-site.ts.

/** Where the global set-up builds the real content (git-ignored). */
export const TEST_DIST = resolve('.test-dist');
/** The hosted origin the scale build names: nothing serves it (the scale tests read files and serve them alone). */
export const SCALE_APP_URL = 'https://app.warden.example';
/**
 * The test builds are production builds: vitest's NODE_ENV=test would make `astro build` a dev-mode one (Starlight then
 * replaces search with a "production builds only" notice).
 */
export const PRODUCTION = { NODE_ENV: 'production' } as const;

/**
 * The one build of the real content every test reads, and the loopback addresses it is made for: the edge's (its base
 * URL) and the sandbox's (its hosted origin and authorization server). The tests that serve it where its links point
 * (test/at-build-address) take those two ports one suite at a time.
 */
export interface TestSite {
  dist: string;
  baseUrl: string;
  appUrl: string;
}

// Beside the build, not in it: what it was made from and for.
const STAMP = `${TEST_DIST}.stamp.json`;

function readStamp(): { stamp: string; baseUrl: string; appUrl: string } | undefined {
  return existsSync(STAMP) ? JSON.parse(readFileSync(STAMP, 'utf8')) : undefined;
}

/** The addresses of this run's test build: the kept build's where their ports are free (no rebuild), else new ones. */
export async function chooseTestSite(): Promise<TestSite> {
  const kept = readStamp();
  const edge = await chooseBuildPort(kept?.baseUrl);
  const sandbox = await chooseBuildPort(kept?.appUrl);
  return { dist: TEST_DIST, baseUrl: toLocalUrl(edge), appUrl: toLocalUrl(sandbox) };
}

/**
 * Builds the real content into TEST_DIST for `site`, its installers pinning the release in `release` (RELEASE_DIR,
 * RELEASE_PUBLIC_KEY), unless the kept build was made from the same sources, addresses and release. Returns the
 * seconds the build took, 0 when kept.
 */
export async function buildTestSite(
  site: TestSite,
  release: { RELEASE_DIR: string; RELEASE_PUBLIC_KEY: string },
  sums: string,
): Promise<number> {
  const stamp = createHash('sha256')
    .update(toSourceHash(process.cwd()))
    .update(`${site.baseUrl} ${site.appUrl} ${release.RELEASE_PUBLIC_KEY}\0`)
    .update(sums)
    .digest('hex')
    .slice(0, 32);
  if (readStamp()?.stamp === stamp && existsSync(join(site.dist, '_build.json'))) return 0;
  rmSync(STAMP, { force: true });
  const started = performance.now();
  // vitest sets BASE_URL to "/" (Vite's base): every site variable is passed explicitly.
  await runAstroBuild({
    ...PRODUCTION,
    WARDEN_OUT_DIR: site.dist,
    BASE_URL: site.baseUrl,
    APP_URL: site.appUrl,
    AUTH_ISSUER: site.appUrl,
    ...release,
  });
  writeFileSync(STAMP, JSON.stringify({ stamp, baseUrl: site.baseUrl, appUrl: site.appUrl }));
  return (performance.now() - started) / 1000;
}
