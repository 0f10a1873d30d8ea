import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSandboxContent } from '../../content-model/read-content.ts';
import { approveDeviceOverHttp, signInOverHttp } from '../helpers/http-sign-in.ts';
import { listSecrets, readCredentials } from '../helpers/cli/credentials-file.ts';
import { startLocalSystem, type LocalSystem } from '../helpers/cli/local-system.ts';
import { connectStdio } from '../helpers/cli/mcp-clients.ts';
import { spawnLogin } from '../helpers/cli/spawn-login.ts';
import { freshHome, getWardenBinary, run, TEST_RELEASE_DIR, TEST_SITE } from '../helpers/cli/warden-binary.ts';

// A person logs in, non-interactively: the test plays the browser (follows the authorization URL with an HTTP
// client and submits the sandbox's sign-in form) or the other device (approves the device code).
const home = freshHome();
let system: LocalSystem;
const warden = getWardenBinary();
const env = () => ({ ...home.env, WARDEN_BASE_URL: system.baseUrl });
const getRun = { name: 'get_run', arguments: { run_id: readSandboxContent().cannedRun.demo_run.id } };
/** The authorization URL `warden login` prints, indented on its own line. */
const AUTHORIZATION_URL = /^ {2}(http\S+)$/m;

beforeAll(async () => {
  system = await startLocalSystem({ releaseDir: TEST_RELEASE_DIR });
});
afterAll(async () => {
  await system?.close();
  home.remove();
});

/** Runs `warden login` and finishes it the way `finish` says; returns its exit code and output. */
async function login(finish: (authorizationUrl: string, login: ReturnType<typeof spawnLogin>) => Promise<void>) {
  const process = spawnLogin(warden, ['--no-browser'], env());
  const [, url] = await process.waitFor(AUTHORIZATION_URL);
  await finish(url!, process);
  return { code: await process.exit, stdout: process.stdout(), stderr: process.stderr() };
}

describe('warden login (contract AUTH-5)', () => {
  it('follows the loopback redirect on an ephemeral port (RFC 8252 §7.3) and stores a refresh token', async () => {
    const done = await login(async (url) => {
      const callback = await signInOverHttp(url);
      expect(callback.hostname).toBe('127.0.0.1');
      expect(Number(callback.port)).toBeGreaterThan(0);
      const page = await fetch(callback);
      expect(page.status).toBe(200);
    });
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(new RegExp(`^Logged in to ${system.sandbox.issuer} as demo-user`));
    const entry = readCredentials(home.configDir)!.issuers[system.sandbox.issuer]!;
    expect(entry.login).toMatchObject({ client_id: TEST_SITE.cli.client_id, subject: 'demo-user' });
    for (const secret of listSecrets(readCredentials(home.configDir))) expect(done.stdout + done.stderr).not.toContain(secret);
  });

  it('takes the redirected address pasted on stdin (a browser on another machine)', async () => {
    const done = await login(async (url, process) => {
      const callback = await signInOverHttp(url);
      process.child.stdin!.write(`${callback.href}\n`);
    });
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain('as demo-user');
  });

  it('two logins at once get different ports and both finish', async () => {
    const [a, b] = [spawnLogin(warden, ['--no-browser'], env()), spawnLogin(warden, ['--no-browser'], env())];
    const urls = await Promise.all([a, b].map(async (p) => new URL((await p.waitFor(AUTHORIZATION_URL))[1]!)));
    expect(urls[0]!.searchParams.get('redirect_uri')).not.toBe(urls[1]!.searchParams.get('redirect_uri'));
    for (const [i, p] of [a, b].entries()) {
      await fetch(await signInOverHttp(urls[i]!.href));
      expect(await p.exit, p.stderr()).toBe(0);
    }
  });

  it('--device: the device grant (RFC 8628) finishes when the code is approved elsewhere', async () => {
    const process = spawnLogin(warden, ['--device'], env());
    const [, complete] = await process.waitFor(/\(or open (\S+)\)/);
    await approveDeviceOverHttp(complete!);
    expect(await process.exit, process.stderr()).toBe(0);
    expect(process.stdout()).toContain('as demo-user');
  }, 60_000);

  it('auth status shows the account, client, scopes and expiry, and no secret', async () => {
    const status = await run(warden, ['auth', 'status'], { env: env() });
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain(`${system.sandbox.issuer} (authorization server)`);
    expect(status.stdout).toMatch(
      new RegExp(`Logged in as demo-user with client ${TEST_SITE.cli.client_id} since .*; scopes: .*${TEST_SITE.access_scope}`),
    );
    expect(status.stdout).toMatch(/expires in \d+ (s|min)/);
    for (const secret of listSecrets(readCredentials(home.configDir))) expect(status.stdout).not.toContain(secret);
  });

  it('auth token prints a token the tool endpoint accepts; warden mcp calls tools as the person', async () => {
    const token = await run(warden, ['auth', 'token'], { env: env() });
    expect(token.code, token.stderr).toBe(0);
    const call = await fetch(`${system.sandbox.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
        authorization: `Bearer ${token.stdout.trim()}`,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_account', arguments: {} } }),
    });
    expect(call.status).toBe(200);
    expect(await call.text()).toContain('demo-user');
    // Each origin is its own resource (RFC 8707): the base URL's token works at the edge, and only there.
    const edgeToken = await run(warden, ['auth', 'token', '--resource', system.baseUrl], { env: env() });
    expect(edgeToken.code, edgeToken.stderr).toBe(0);
    const audience = (t: string) => (JSON.parse(Buffer.from(t.trim().split('.')[1]!, 'base64url').toString()) as { aud: string }).aud;
    expect([audience(token.stdout), audience(edgeToken.stdout)]).toEqual([system.sandbox.url, system.baseUrl]);
    const throughEdge = await fetch(`${system.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
        authorization: `Bearer ${edgeToken.stdout.trim()}`,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_account', arguments: {} } }),
    });
    expect(throughEdge.status).toBe(200);
    const client = await connectStdio('v2', warden, env());
    try {
      expect((await client.callTool(getRun)).isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });

  it('logout revokes the refresh token (RFC 7009) and forgets it; a call is then refused with what to do', async () => {
    const before = readCredentials(home.configDir)!.issuers[system.sandbox.issuer]!.login!;
    const out = await run(warden, ['logout'], { env: env() });
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain(`Logged out of ${system.sandbox.issuer}`);
    expect(readCredentials(home.configDir)!.issuers[system.sandbox.issuer]).toBeUndefined();
    // The server no longer honours the old refresh token.
    const as = (await (await fetch(`${system.sandbox.issuer}/.well-known/oauth-authorization-server`)).json()) as {
      token_endpoint: string;
    };
    const refresh = await fetch(as.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: before.refresh_token, client_id: before.client_id }),
    });
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });
    const client = await connectStdio('v1', warden, env());
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      await expect(client.callTool(getRun)).rejects.toMatchObject({
        code: -31401,
        message: expect.stringMatching(/warden login.*warden admin register/),
      });
    } finally {
      await client.close();
    }
    expect((await run(warden, ['auth', 'status'], { env: env() })).code).toBe(1);
  });
});
