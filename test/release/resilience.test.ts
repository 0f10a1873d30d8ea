import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSandboxContent } from '../../content-model/read-content.ts';
import { startLocalSystem, type LocalSystem } from '../helpers/cli/local-system.ts';
import { connectStdio } from '../helpers/cli/mcp-clients.ts';
import { freshHome, getWardenBinary, run, TEST_RELEASE_DIR } from '../helpers/cli/warden-binary.ts';

// The upstream misbehaves under a running `warden mcp`: it goes away, and it comes back signing with a new
// key, so the access token the bridge holds (still within its lifetime) is answered with 401.
const home = freshHome();
let system: LocalSystem;
const warden = getWardenBinary();
const env = () => ({ ...home.env, WARDEN_BASE_URL: system.baseUrl });
const getRun = { name: 'get_run', arguments: { run_id: readSandboxContent().cannedRun.demo_run.id } };

beforeAll(async () => {
  system = await startLocalSystem({ releaseDir: TEST_RELEASE_DIR });
  const registered = await run(warden, ['admin', 'register', '--code', await system.mintCode()], { env: env() });
  expect(registered.code, registered.stderr).toBe(0);
});
afterAll(async () => {
  await system?.close();
  home.remove();
});

describe.each(['v1', 'v2'] as const)('warden mcp (%s SDK) when the upstream goes away and refuses its token', (sdk) => {
  it('answers a JSON-RPC error while the upstream is down, keeps serving, and recovers through a 401 when it returns', async () => {
    const client = await connectStdio(sdk, warden, env());
    try {
      expect((await client.callTool(getRun)).isError).toBeFalsy();
      await system.stopSandbox();
      await expect(client.callTool(getRun)).rejects.toMatchObject({
        code: -31502,
        message: expect.stringMatching(/unreachable: connection refused/),
      });
      // Public methods get the same answer while it is down, and the bridge is still there.
      await expect(client.listTools()).rejects.toMatchObject({ code: -31502 });
      await system.restartSandbox({ rotateKeys: true });
      const after = await client.callTool(getRun);
      expect(after.isError, JSON.stringify(after.content)).toBeFalsy();
      // The held token was refused (401) and renewed without the client noticing.
      expect(client.stderr()).toMatch(/refused the access token \(401\); renewed it/);
    } finally {
      await client.close();
    }
  });
});
