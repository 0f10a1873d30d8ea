import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEnv } from '../../proxy/config.ts';
import { startNodeDoor } from '../../proxy/node/start-node-door.ts';
import type { Listening } from '../../proxy/node/listen.ts';
import type { RunningSandbox, SandboxOptions } from '../../sandbox/start.ts';
import { getFreePort, startTestSandbox } from './sandbox-fixture.ts';
import { readBuildFacts } from '../../proxy/node/build-info.ts';
import { APP_URL, BASE_URL, DIST } from './built-site.ts';

/** The whole system on loopback, wired as `npm start` wires it: the edge server over the test build, the sandbox behind it. */
export interface TestDeployment {
  baseUrl: string;
  distDir: string;
  sandbox: RunningSandbox & { baseUrl: string };
  edge: Listening;
  close(): Promise<void>;
}

/**
 * Serves the test build where its links point: the sandbox on the build's APP_URL and the edge on its base URL's port
 * (test/at-build-address runs its suites one at a time, so those two ports are the suite's alone). `edgeElsewhere`:
 * the edge listens on a free port instead (the base URL's port then has something else in front of it).
 * `now`: the sandbox tools' clock (run replay, audit times), for a test that moves it rather than waiting.
 */
export async function startTestDeployment(
  options: { edgeElsewhere?: boolean } & Pick<SandboxOptions, 'now'> = {},
): Promise<TestDeployment> {
  const edgePort = options.edgeElsewhere ? await getFreePort() : Number(new URL(BASE_URL).port);
  const dataDir = mkdtempSync(join(tmpdir(), 'warden-deployment-data-'));
  const sandbox = await startTestSandbox(dataDir, Number(new URL(APP_URL).port), BASE_URL, { now: options.now });
  // No metrics listener: its default port is fixed (9464), and another server on this machine may hold it.
  const env = readEnv({
    HOST: '127.0.0.1',
    PORT: String(edgePort),
    BASE_URL,
    WARDEN_OUT_DIR: DIST,
    METRICS_PORT: 'off',
    LOG_LEVEL: 'silent',
    // The feedback store of this deployment alone, removed with it: no run sees another's reports.
    FEEDBACK_DATA_DIR: join(dataDir, 'edge'),
  });
  const edge = await startNodeDoor(env, readBuildFacts(DIST)!, {
    appUrl: sandbox.url,
    issuer: sandbox.issuer,
    jwksUrl: sandbox.jwksUri,
  }).catch(async (error: unknown) => {
    await sandbox.close();
    throw error;
  });
  return {
    baseUrl: BASE_URL,
    distDir: DIST,
    sandbox,
    edge,
    async close() {
      await edge.close();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
