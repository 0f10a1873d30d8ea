import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSandboxContent } from '../../content-model/read-content.ts';
import { PATHS } from '../../facts/paths.ts';
import { listSecrets, readCredentials } from '../helpers/cli/credentials-file.ts';
import { startLocalSystem, type LocalSystem } from '../helpers/cli/local-system.ts';
import { connectStdio } from '../helpers/cli/mcp-clients.ts';
import { BINARY, freshHome, HOST_TARGET, run, TEST_RELEASE_DIR, TEST_SITE } from '../helpers/cli/warden-binary.ts';

// A new user's path on a fresh machine, nothing mocked: the real installer through sh and curl from the edge's
// /install, the binary it installs from the sandbox's release folder, a workload client from a real
// registration code, then `warden mcp` driven over stdio by both official SDKs against the sandbox.
const home = freshHome();
let system: LocalSystem;
let warden: string;
const TTL = 2;
const env = () => ({ ...home.env, WARDEN_BASE_URL: system.baseUrl });
const demoRunId = readSandboxContent().cannedRun.demo_run.id;

beforeAll(async () => {
  system = await startLocalSystem({ releaseDir: TEST_RELEASE_DIR, accessTokenTtl: TTL });
});
afterAll(async () => {
  await system?.close();
  home.remove();
});

describe('install → register → warden mcp', () => {
  it('SERVICE-6: curl | sh installs a working warden into ~/.local/bin whose --version is the content version, checked against its pin', async () => {
    const installed = await run('sh', ['-c', `curl -fsSL ${system.baseUrl}${PATHS.install} | sh`], { env: home.env, timeoutMs: 60_000 });
    expect(installed.code, installed.stderr).toBe(0);
    // The release the site pins, from its own folder, verified against the SHA-256 the installer carries.
    expect(installed.stderr).toContain(`${system.releaseArchive}/download/v${TEST_SITE.product.version}/${BINARY}-${HOST_TARGET}.tar.gz`);
    expect(installed.stderr).toContain(`(pinned by ${system.baseUrl}${PATHS.install})`);
    warden = join(home.home, '.local', 'bin', BINARY);
    expect(statSync(warden).mode & 0o777).toBe(0o755);
    const version = await run(warden, ['--version'], { env: home.env });
    expect(version).toMatchObject({ code: 0, stdout: `${BINARY} ${TEST_SITE.product.version}\n`, stderr: '' });
  });

  it("the installer's --version installs the same release from its pinned folder", async () => {
    const pinned = await run(
      'sh',
      ['-c', `curl -fsSL ${system.baseUrl}${PATHS.install} | sh -s -- --version ${TEST_SITE.product.version}`],
      { env: home.env, timeoutMs: 60_000 },
    );
    expect(pinned.code, pinned.stderr).toBe(0);
    expect(pinned.stderr).toContain(`${system.releaseArchive}/download/v${TEST_SITE.product.version}/${BINARY}-`);
    expect((await run(warden, ['--version'], { env: home.env })).stdout).toBe(`${BINARY} ${TEST_SITE.product.version}\n`);
  });

  it('AUTH-4: admin register --code stores a workload client (0700 folder, 0600 file) and prints its id, never the secret', async () => {
    const registered = await run(warden, ['admin', 'register', '--code', await system.mintCode()], { env: env() });
    expect(registered.code, registered.stderr).toBe(0);
    const file = readCredentials(home.configDir)!;
    const [issuer, entry] = Object.entries(file.issuers)[0]!;
    expect(issuer).toBe(system.sandbox.issuer);
    expect(registered.stdout).toContain(`Registered workload client ${entry.workload!.client_id}`);
    for (const secret of listSecrets(file)) expect(registered.stdout + registered.stderr).not.toContain(secret);
    expect(statSync(home.configDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(home.configDir, 'credentials.json')).mode & 0o777).toBe(0o600);
  });

  describe.each(['v1', 'v2'] as const)('warden mcp driven by the %s SDK over stdio', (sdk) => {
    it('handshakes in its era, lists the tools of /mcp/tools.json and calls get_run, across token expiry', async () => {
      const client = await connectStdio(sdk, warden, env());
      try {
        expect(client.era).toBe(sdk === 'v1' ? 'legacy' : 'modern');
        const served = (await (await fetch(`${system.baseUrl}${PATHS.toolsJson}`)).json()) as { tools: unknown[] };
        expect((await client.listTools()).tools).toEqual(served.tools);
        const first = await client.callTool({ name: 'get_run', arguments: { run_id: demoRunId } });
        expect(first.isError, JSON.stringify(first.content)).toBeFalsy();
        expect(first.structuredContent).toMatchObject({ run_id: demoRunId, workflow_id: readSandboxContent().cannedRun.workflow_id });
        const tokenBefore = Object.values(readCredentials(home.configDir)!.issuers)[0]!.tokens;
        // Past the access token's lifetime: the bridge renews it before the call, unseen by the client.
        await new Promise((r) => setTimeout(r, TTL * 1000 + 300));
        const second = await client.callTool({ name: 'get_run', arguments: { run_id: demoRunId } });
        expect(second.structuredContent).toEqual(first.structuredContent);
        expect(Object.values(readCredentials(home.configDir)!.issuers)[0]!.tokens).not.toEqual(tokenBefore);
        for (const secret of listSecrets(readCredentials(home.configDir))) expect(client.stderr()).not.toContain(secret);
      } finally {
        await client.close();
      }
    });
  });

  it('the installed binary needs no Node or npm: it runs with an empty PATH', async () => {
    const version = await run(warden, ['--version'], { env: { ...home.env, PATH: '' } });
    expect(version).toMatchObject({ code: 0, stdout: `${BINARY} ${TEST_SITE.product.version}\n` });
  });
});
