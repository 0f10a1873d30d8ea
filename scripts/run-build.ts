import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** The site's addresses and build folder, as `astro build` reads them (astro.config.mjs, content-model/). */
export interface BuildVars {
  BASE_URL: string;
  /** The hosted origin, when not `content/site.yaml`'s. */
  APP_URL?: string;
  AUTH_ISSUER?: string;
  WARDEN_OUT_DIR: string;
  RELEASE_ARCHIVE?: string;
  RELEASE_PUBLIC_KEY?: string;
  /** The release folder whose archives the installers pin. */
  RELEASE_DIR?: string;
  /** Another content folder than `content/` (a test's broken copy). */
  WARDEN_CONTENT_DIR?: string;
  /** `production` for a test build: vitest's NODE_ENV=test would make `astro build` a dev-mode one. */
  NODE_ENV?: string;
}

/** How every `astro build` here is started: this Node (the project's pinned one under npm scripts) running Astro's own entry. */
export function toAstroBuildCommand(): { file: string; args: string[] } {
  return { file: process.execPath, args: [resolve('node_modules/astro/bin/astro.mjs'), 'build'] };
}

/** Where a build's output goes: shown as it happens (`npm start`), or kept and told only when the build fails (tests). */
export type BuildOutput = 'inherit' | 'capture';

/**
 * Runs `astro build` in the project at `cwd` for `vars`, which replace any of the caller's (an AUTH_ISSUER of the
 * caller's never leaks into a build that names its own addresses). A failure is an error coded BUILD_FAILED that says
 * which build failed, with the end of its output when it was captured.
 */
export function runAstroBuild(vars: BuildVars, options: { cwd?: string; output?: BuildOutput } = {}): Promise<void> {
  const { AUTH_ISSUER: _caller, ...env } = process.env;
  const { file, args } = toAstroBuildCommand();
  const output = options.output ?? 'capture';
  const child = spawn(file, args, {
    cwd: options.cwd ?? process.cwd(),
    env: { ...env, ...vars },
    stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(chunk.toString('utf8'));
    if (tail.length > 200) tail.splice(0, tail.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code, signal) => {
      if (code === 0) return done();
      const said = output === 'capture' ? `:\n${tail.join('').slice(-2000)}` : '; see its output above';
      // A coded error: an entry point prints the message, no stack trace.
      fail(Object.assign(new Error(`astro build for ${vars.BASE_URL} failed (exit ${code ?? signal})${said}`), { code: 'BUILD_FAILED' }));
    });
  });
}
