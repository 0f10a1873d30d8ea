import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEnv } from '../../../proxy/config.ts';
import { startNodeDoor } from '../../../proxy/node/start-node-door.ts';
import type { Listening } from '../../../proxy/node/listen.ts';
import type { RunningSandbox, SandboxOptions } from '../../../sandbox/start.ts';
import { getFreePort, startTestSandbox } from '../../sandbox/sandbox-fixture.ts';
import { buildDist } from '../../../harness/build-dist.ts';
import { readBuildFacts } from '../../../proxy/node/build-info.ts';

/** The whole system on loopback, wired as `npm start` wires it: the edge server over a dist built for its address, the sandbox behind it. */
export interface LocalDeployment {
  baseUrl: string;
  distDir: string;
  sandbox: RunningSandbox & { baseUrl: string };
  edge: Listening;
  close(): Promise<void>;
}

/**
 * Starts sandbox and edge server on free 127.0.0.1 ports, with a dist built for exactly those addresses.
 * `publicPort`: the base URL names that port instead (the edge then sits behind something listening there).
 * `now`: the sandbox tools' clock (run replay, audit times), for a test that moves it rather than waiting.
 */
export async function startLocalDeployment(options: { publicPort?: number } & Pick<SandboxOptions, 'now'> = {}): Promise<LocalDeployment> {
  const [edgePort, sandboxPort] = [await getFreePort(), await getFreePort()];
  const baseUrl = `http://127.0.0.1:${options.publicPort ?? edgePort}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const distDir = await buildDist({ baseUrl, appUrl: sandboxUrl, issuer: sandboxUrl });
  const dataDir = mkdtempSync(join(tmpdir(), 'warden-verify-data-'));
  const sandbox = await startTestSandbox(dataDir, sandboxPort, baseUrl, { now: options.now });
  // No metrics listener: its default port is fixed (9464), and another server on this machine may hold it.
  const env = readEnv({ HOST: '127.0.0.1', PORT: String(edgePort), BASE_URL: baseUrl, WARDEN_OUT_DIR: distDir, METRICS_PORT: 'off' });
  const edge = await startNodeDoor(env, readBuildFacts(distDir)!, {
    appUrl: sandbox.url,
    issuer: sandbox.issuer,
    jwksUrl: sandbox.jwksUri,
  });
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
