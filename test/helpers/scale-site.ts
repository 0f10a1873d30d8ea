import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, watch, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { runAstroBuild } from '../../scripts/run-build.ts';
import { copyProject, removeProjectCopy } from '../../harness/project-copy.ts';
import { writeGeneratedPages } from '../../harness/generated-pages.ts';
import { listFiles } from '../../runtime/node/list-files.ts';
import { toSourceHash } from '../../runtime/node/source-hash.ts';
import { toLocalUrl } from '../../runtime/local-defaults.ts';
import { chooseBuildPort } from './checkable-port.ts';
import { PRODUCTION, SCALE_APP_URL } from './test-build.ts';

/** Generated pages of the scale build, on top of the real content. */
export const SCALE_PAGES = 5_000;
/** Where the scale build lives between runs (git-ignored). */
export const SCALE_DIST = resolve('.test-dist-5000');

/** One scale build: its folder and the addresses it is made for. */
export interface ScaleSite {
  dist: string;
  baseUrl: string;
  appUrl: string;
}

/**
 * The scale build for this run, made for a loopback address so that test/e2e/afdocs-scale.test.ts can serve it where
 * its links point: the kept build's address while its port is free (no rebuild), else a new port that no test's random
 * port can take before that test listens on it.
 */
export async function chooseScaleSite(): Promise<ScaleSite> {
  const port = await chooseBuildPort(readScaleBaseUrl(SCALE_DIST));
  return { dist: SCALE_DIST, baseUrl: toLocalUrl(port), appUrl: SCALE_APP_URL };
}

// Beside the build, not in it: what it was made from, and the source digest its _build.json records.
const toStampFile = (dist: string) => `${dist}.stamp.json`;
// Beside the build too: why this run's build failed, for the test files waiting on it in other processes.
const toFailedFile = (dist: string) => `${dist}.failed`;

/** What a scale build is made from: the build's sources, the runtime the twin workers load, the page generator, the count and the addresses. */
function toScaleStamp(site: ScaleSite): string {
  const hash = createHash('sha256')
    .update(toSourceHash(process.cwd()))
    .update(String(SCALE_PAGES))
    .update(`${site.baseUrl} ${site.appUrl}`);
  for (const file of [...listFiles('runtime').map((f) => `runtime/${f}`), 'harness/generated-pages.ts'])
    hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 32);
}

/**
 * Builds the real content plus SCALE_PAGES generated pages (sections of 100, realistic titles and descriptions) into
 * `site.dist` for its addresses. A build made from the same sources for the same addresses is kept (the build is the
 * slowest part of the `scale` project); any change to them rebuilds. Returns the seconds the build took, 0 if kept.
 */
export async function buildScaleSite(site: ScaleSite, stamp = toScaleStamp(site)): Promise<number> {
  const stampFile = toStampFile(site.dist);
  if (existsSync(stampFile) && readScaleStamp(site.dist).stamp === stamp && existsSync(site.dist)) return 0;
  rmSync(site.dist, { recursive: true, force: true });
  rmSync(stampFile, { force: true });
  const project = copyProject('scale-');
  const started = performance.now();
  let sourceHash: string;
  try {
    writeGeneratedPages(join(project, 'content', 'docs'), SCALE_PAGES);
    sourceHash = toSourceHash(project);
    await runAstroBuild({ ...PRODUCTION, WARDEN_OUT_DIR: site.dist, BASE_URL: site.baseUrl, APP_URL: site.appUrl }, { cwd: project });
  } finally {
    removeProjectCopy(project);
  }
  // Whole or not at all (a rename): test files in other processes take the stamp's appearance as the build's end.
  writeFileSync(`${stampFile}.part`, JSON.stringify({ stamp, sourceHash, baseUrl: site.baseUrl }));
  renameSync(`${stampFile}.part`, stampFile);
  return (performance.now() - started) / 1000;
}

/** The scale build of this run: its addresses, the stamp it will carry, and its end (the seconds it took, 0 if kept). */
export interface ScaleBuild {
  site: ScaleSite;
  stamp: string;
  built: Promise<number>;
}

/**
 * The scale build of this run: chosen and started by whichever global set-up asks first (the `site` project's starts
 * it beside its own builds when the `scale` project runs too), then the same one for the other. Both set-ups run in
 * vitest's main process but may each load this module anew, so the one build is kept on globalThis. A failed build
 * leaves its error beside the build, where waitForScaleSite reads it.
 */
export function provideScaleSite(): Promise<ScaleBuild> {
  const shared = globalThis as { wardenScaleBuild?: Promise<ScaleBuild> };
  shared.wardenScaleBuild ??= chooseScaleSite().then((site) => {
    const stamp = toScaleStamp(site);
    rmSync(toFailedFile(site.dist), { force: true });
    const built = buildScaleSite(site, stamp);
    built.catch((error: Error) => writeFileSync(toFailedFile(site.dist), `the ${SCALE_PAGES}-page site did not build: ${error.message}`));
    return { site, stamp, built };
  });
  return shared.wardenScaleBuild;
}

/**
 * Resolves once the scale build carrying `stamp` is in `dist`, or fails with why it did not build: the `site`
 * project's tests start while vitest's main process is still building it, and a `scale` test file waits here (the
 * stamp file appears, by a rename, when the build ends).
 */
export function waitForScaleSite(dist: string, stamp: string): Promise<void> {
  return new Promise((done, fail) => {
    const watcher = watch(dirname(toStampFile(dist)));
    const check = () => {
      if (existsSync(toFailedFile(dist))) {
        watcher.close();
        fail(new Error(readFileSync(toFailedFile(dist), 'utf8')));
      } else if (existsSync(toStampFile(dist)) && readScaleStamp(dist).stamp === stamp) {
        watcher.close();
        done();
      }
    };
    watcher.on('change', check);
    watcher.on('error', (error) => {
      watcher.close();
      fail(error);
    });
    check();
  });
}

/** What a kept scale build was made from: its stamp, the digest of its sources (those of the generated project) and its base URL. */
export function readScaleStamp(dist = SCALE_DIST): { stamp: string; sourceHash: string; baseUrl?: string } {
  return JSON.parse(readFileSync(toStampFile(dist), 'utf8')) as { stamp: string; sourceHash: string; baseUrl?: string };
}

/** The base URL a kept scale build in `dist` was made for, if there is one. */
export function readScaleBaseUrl(dist: string): string | undefined {
  return existsSync(toStampFile(dist)) ? readScaleStamp(dist).baseUrl : undefined;
}
