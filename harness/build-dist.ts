import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { copyProject, removeProjectCopy } from './project-copy.ts';

const run = promisify(execFile);
const ASTRO = resolve('node_modules/astro/bin/astro.mjs');

/**
 * Runs `astro build` in the project at `cwd` for `vars` (the site's addresses and WARDEN_OUT_DIR, and NODE_ENV when
 * the caller's must not apply; they replace any in the environment) in a child process, so a caller can run several
 * side by side. A failure says which build failed, with the end of its output.
 */
export async function runAstroBuild(cwd: string, vars: Record<string, string>): Promise<void> {
  const { AUTH_ISSUER: _ignored, ...env } = process.env;
  try {
    await run(process.execPath, [ASTRO, 'build'], { cwd, env: { ...env, ...vars }, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(`astro build for ${vars.BASE_URL} in ${cwd} failed:\n${stderr.slice(-2000)}`);
  }
}

/** Builds the real content for `baseUrl`/`appUrl` into a fresh temp dist folder; returns its path. */
export async function buildDist(vars: { baseUrl: string; appUrl: string; issuer: string }): Promise<string> {
  const distDir = mkdtempSync(join(tmpdir(), 'warden-verify-dist-'));
  // Built in a private copy of the project: Astro's caches in the checkout are shared by every build there.
  const project = copyProject('verify-');
  try {
    // vitest sets BASE_URL to "/" (Vite's base): every site variable is passed explicitly.
    await runAstroBuild(project, { WARDEN_OUT_DIR: distDir, BASE_URL: vars.baseUrl, APP_URL: vars.appUrl, AUTH_ISSUER: vars.issuer });
  } catch (error) {
    rmSync(distDir, { recursive: true, force: true });
    throw error;
  } finally {
    removeProjectCopy(project);
  }
  return distDir;
}
