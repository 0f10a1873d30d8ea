import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { copyProject, removeProjectCopy } from '../../harness/project-copy.ts';
import { writeGeneratedPages } from '../../harness/generated-pages.ts';
import { listFiles } from '../../runtime/node/list-files.ts';
import { toSourceHash } from '../../runtime/node/source-hash.ts';
import { APP_URL, BASE_URL } from './built-site.ts';

/** Generated pages of the scale build, on top of the real content. */
export const SCALE_PAGES = 5_000;
/** Where the scale build lives between runs (git-ignored). */
export const SCALE_DIST = resolve('.test-dist-5000');
// Beside the build, not in it: what it was made from, and the source digest its _build.json records.
const STAMP = `${SCALE_DIST}.stamp.json`;

/** What the scale build is made from: the build's sources, the runtime the twin workers load, the page generator and the count. */
function toScaleStamp(): string {
  const hash = createHash('sha256').update(toSourceHash(process.cwd())).update(String(SCALE_PAGES));
  for (const file of [...listFiles('runtime').map((f) => `runtime/${f}`), 'harness/generated-pages.ts']) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 32);
}

/**
 * Builds the real content plus SCALE_PAGES generated pages (sections of 100, realistic titles and descriptions) into
 * SCALE_DIST, for the same addresses as the test build. A build made from the same sources is kept (about a minute
 * of two cores each time otherwise); any change to them rebuilds. Returns the seconds the build took, 0 if kept.
 */
export function buildScaleSite(): number {
  const stamp = toScaleStamp();
  if (existsSync(STAMP) && readScaleStamp().stamp === stamp && existsSync(SCALE_DIST)) return 0;
  rmSync(SCALE_DIST, { recursive: true, force: true });
  rmSync(STAMP, { force: true });
  const project = copyProject('scale-');
  const started = performance.now();
  let sourceHash: string;
  try {
    writeGeneratedPages(join(project, 'content', 'docs'), SCALE_PAGES);
    sourceHash = toSourceHash(project);
    const { AUTH_ISSUER: _ignored, ...env } = process.env;
    execFileSync(process.execPath, [resolve('node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: project,
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 15 * 60_000,
      // A production build (vitest's NODE_ENV=test would make it a dev-mode one), for the test build's addresses.
      env: { ...env, NODE_ENV: 'production', WARDEN_OUT_DIR: SCALE_DIST, BASE_URL, APP_URL },
    });
  } finally {
    removeProjectCopy(project);
  }
  writeFileSync(STAMP, JSON.stringify({ stamp, sourceHash }));
  return (performance.now() - started) / 1000;
}

/** What the kept scale build was made from: its stamp, and the digest of its sources (those of the generated project). */
export function readScaleStamp(): { stamp: string; sourceHash: string } {
  return JSON.parse(readFileSync(STAMP, 'utf8')) as { stamp: string; sourceHash: string };
}
