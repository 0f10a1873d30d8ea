import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { copyProject, removeProjectCopy } from './project-copy.ts';

const run = promisify(execFile);

/** Builds the real content for `baseUrl`/`appUrl` into a fresh temp dist folder (astro build, ~10 s); returns its path. */
export async function buildDist(vars: { baseUrl: string; appUrl: string; issuer: string }): Promise<string> {
  const distDir = mkdtempSync(join(tmpdir(), 'warden-verify-dist-'));
  // vitest sets BASE_URL to "/" (Vite's base): every site variable is passed explicitly.
  const env = { ...process.env, WARDEN_OUT_DIR: distDir, BASE_URL: vars.baseUrl, APP_URL: vars.appUrl, AUTH_ISSUER: vars.issuer };
  // Built in a private copy of the project: Astro's caches in the checkout are shared by every build there.
  const project = copyProject('verify-');
  try {
    await run(process.execPath, [resolve('node_modules/astro/bin/astro.mjs'), 'build'], { cwd: project, env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    rmSync(distDir, { recursive: true, force: true });
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`astro build for ${vars.baseUrl} failed:\n${stderr.slice(-2000)}`);
  } finally {
    removeProjectCopy(project);
  }
  return distDir;
}
