import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ASTRO = resolve('node_modules/astro/bin/astro.mjs');

/**
 * Runs `astro build` in `cwd` for `vars` (the site's addresses and WARDEN_OUT_DIR) in a child process, its warnings
 * shown, so a set-up can run several side by side. Always a production build: vitest's NODE_ENV=test would make it a
 * dev-mode one (Starlight then replaces search with a "production builds only" notice).
 */
export function runAstroBuild(cwd: string, vars: Record<string, string>): Promise<void> {
  const { AUTH_ISSUER: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, [ASTRO, 'build'], { cwd, stdio: ['ignore', 'ignore', 'inherit'], env: { ...env, NODE_ENV: 'production', ...vars } });
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code, signal) => (code === 0 ? done() : fail(new Error(`astro build for ${vars.BASE_URL} in ${cwd} failed (${code ?? signal}); its output is above`))));
  });
}
