import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { readEnv } from '../../../proxy/config.ts';
import { startNodeServer } from '../../../proxy/node/create-node-server.ts';
import type { Listening } from '../../../proxy/node/listen.ts';
import type { RunningSandbox } from '../../../sandbox/start.ts';
import { getFreePort, startTestSandbox } from '../../sandbox/sandbox-fixture.ts';
import { copyProject, removeProjectCopy } from './project-copy.ts';

const run = promisify(execFile);

/** The whole system on loopback, wired as `npm start` wires it: the edge server over a dist built for its address, the sandbox behind it. */
export interface LocalDeployment {
  baseUrl: string;
  distDir: string;
  sandbox: RunningSandbox & { baseUrl: string };
  edge: Listening;
  close(): Promise<void>;
}

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

/**
 * Starts sandbox and edge server on free 127.0.0.1 ports, with a dist built for exactly those addresses.
 * `publicPort`: the base URL names that port instead (the edge then sits behind something listening there).
 */
export async function startLocalDeployment(options: { publicPort?: number } = {}): Promise<LocalDeployment> {
  const [edgePort, sandboxPort] = [await getFreePort(), await getFreePort()];
  const baseUrl = `http://127.0.0.1:${options.publicPort ?? edgePort}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const distDir = await buildDist({ baseUrl, appUrl: sandboxUrl, issuer: sandboxUrl });
  const dataDir = mkdtempSync(join(tmpdir(), 'warden-verify-data-'));
  const sandbox = await startTestSandbox(dataDir, sandboxPort, baseUrl);
  const env = readEnv({ HOST: '127.0.0.1', PORT: String(edgePort), BASE_URL: baseUrl, WARDEN_OUT_DIR: distDir });
  const edge = await startNodeServer(env, { appUrl: sandbox.url, issuer: sandbox.issuer, jwksUrl: sandbox.jwksUri });
  return {
    baseUrl,
    distDir,
    sandbox,
    edge,
    async close() {
      await edge.close();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}
