import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAstroBuild } from '../scripts/run-build.ts';
import { copyProject, removeProjectCopy } from './project-copy.ts';

/** Builds the real content for `baseUrl`/`appUrl` into a fresh temp dist folder; returns its path. */
export async function buildDist(vars: { baseUrl: string; appUrl: string; issuer: string }): Promise<string> {
  const distDir = mkdtempSync(join(tmpdir(), 'warden-dist-'));
  // Built in a private copy of the project: Astro's caches in the checkout are shared by every build there.
  const project = copyProject('dist-');
  try {
    // vitest sets BASE_URL to "/" (Vite's base): every site variable is passed explicitly.
    await runAstroBuild(
      { WARDEN_OUT_DIR: distDir, BASE_URL: vars.baseUrl, APP_URL: vars.appUrl, AUTH_ISSUER: vars.issuer },
      { cwd: project },
    );
  } catch (error) {
    rmSync(distDir, { recursive: true, force: true });
    throw error;
  } finally {
    removeProjectCopy(project);
  }
  return distDir;
}
