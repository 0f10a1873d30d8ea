import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPortBelowEphemeral } from '../../harness/free-port.ts';
import { watchOutput, type ChildOutput } from '../helpers/child-output.ts';
import { run, TEST_SITE } from '../helpers/cli/warden-binary.ts';
import { toSkillPath } from '../../facts/paths.ts';

// The README's promise, through the real entry point: `npm start` (scripts/start.ts) on other ports builds dist
// for its base URL, starts the sandbox as the upstream and authorization server, and serves the whole system.
const scratch = mkdtempSync(join(tmpdir(), 'warden-start-'));
let child: ChildProcess;
let watched: ChildOutput;
const output = () => watched.text();
let base = '';
let sandboxUrl = '';

beforeAll(async () => {
  // Below the ephemeral range: nothing listens on them until the build (or the dev server) is ready, and in
  // between no other test's random port or connection can take them.
  const port = await getPortBelowEphemeral();
  const sandboxPort = await getPortBelowEphemeral((p) => p !== port);
  base = `http://127.0.0.1:${port}`;
  sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const { BASE_URL: _vite, APP_URL: _app, AUTH_ISSUER: _issuer, ...env } = process.env;
  // One process (no npm wrapper in between), so SIGTERM reaches the server itself.
  child = spawn(process.execPath, ['scripts/start.ts'], {
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      METRICS_PORT: '0',
      WARDEN_OUT_DIR: join(scratch, 'dist'),
      SANDBOX_DATA_DIR: join(scratch, 'data'),
      WARDEN_RELEASE_DIR: join(scratch, 'release'),
      FEEDBACK_DATA_DIR: join(scratch, 'feedback'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  watched = watchOutput(child);
  await watched.until((text) => text.includes('Warden is running on'), 'npm start coming up');
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  rmSync(scratch, { recursive: true, force: true });
});

describe('npm start on a fresh dist and other ports', () => {
  it('builds dist for its own base URL, with the sandbox as upstream and authorization server', async () => {
    expect(output()).toMatch(new RegExp(`Building .* for ${base}`));
    const health = await (await fetch(`${base}/api/health`)).json();
    expect(health).toEqual({
      status: 'ok',
      product: 'Warden',
      docs: `${base}/docs/reference/endpoints`,
      openapi: `${base}/openapi.json`,
      mcp: `${sandboxUrl}/mcp`,
    });
    const prm = await (await fetch(`${base}/.well-known/oauth-protected-resource`)).json();
    expect(prm).toMatchObject({ resource: base, authorization_servers: [sandboxUrl] });
  });

  it('serves pages, twins and the tool endpoint, and gates tools/call', async () => {
    const md = await fetch(`${base}/docs/overview`, { headers: { accept: 'text/markdown' } });
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const rpc = (method: string) =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method,
          params: method === 'tools/call' ? { name: 'get_account', arguments: {} } : {},
        }),
      });
    expect((await rpc('tools/list')).status).toBe(200);
    const refused = await rpc('tools/call');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(
      new RegExp(`^Bearer resource_metadata="${base}/.well-known/oauth-protected-resource"`),
    );
  });

  it('the tool endpoint offers as an MCP resource the Agent Skill the site serves, byte for byte', async () => {
    const served = await (await fetch(`${base}${toSkillPath('warden')}`)).text();
    const res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'skill://warden/SKILL.md' } }),
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    // Streamable HTTP: the answer is one JSON body or one SSE event carrying it.
    const body = res.headers.get('content-type')?.startsWith('text/event-stream') ? /^data: (.*)$/m.exec(text)![1]! : text;
    expect((JSON.parse(body) as { result: { contents: { text: string }[] } }).result.contents[0]!.text).toBe(served);
  });

  it('logs one JSON line per request in each server, with the id the request came with', async () => {
    const res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-request-id': 'npm-start-1' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(res.headers.get('x-request-id')).toBe('npm-start-1');
    await res.arrayBuffer();
    // Lines are written in batches at least once a second: the test waits for both to arrive.
    const find = (text: string) =>
      text
        .split('\n')
        .filter((l) => l.includes('"req_id":"npm-start-1"'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    await watched.until((text) => find(text).length >= 2, "the edge's and the sandbox's line for npm-start-1");
    const lines = find(output());
    expect(lines.map((l) => l.service).sort()).toEqual(['edge', 'sandbox']);
    expect(lines.find((l) => l.service === 'edge')).toMatchObject({ mcp_method: 'tools/list', status: 200, upstream_status: 200 });
  });
  it('the README quick start: curl | sh installs warden from the local release, which registers with the printed command and serves the tools', async () => {
    const home = join(scratch, 'home');
    const env = { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin' };
    const installed = await run('sh', ['-c', `curl -fsSL ${base}/install | sh`], { env, timeoutMs: 60_000 });
    expect(installed.code, installed.stderr).toBe(0);
    // npm start built the release before the site, whose installer pins it: checked against the pin, no signature.
    expect(installed.stderr).toContain(`from ${sandboxUrl}/releases/cli/download/v${TEST_SITE.product.version}/`);
    expect(installed.stderr).toContain(`(pinned by ${base}/install)`);
    const warden = join(home, '.local', 'bin', 'warden');
    // The printed command, as a person copies it; the binary's default service is this build's base URL.
    const command = /warden admin register --code (\S+)/.exec(output())!;
    const registered = await run(warden, ['admin', 'register', '--code', command[1]!], { env });
    expect(registered.code, registered.stderr).toBe(0);
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_account', arguments: {} } });
    const served = await run(warden, ['mcp'], { env, input: `${call}\n` });
    expect(served.code, served.stderr).toBe(0);
    expect(JSON.parse(served.stdout)).toMatchObject({ id: 1, result: { structuredContent: { account_id: expect.any(String) } } });
  }, 90_000);

  it("the docs' npm run token, then their curl to the base URL's /mcp, calls a tool", async () => {
    const { BASE_URL: _vite, ...env } = process.env;
    const token = await run(process.execPath, ['scripts/token.ts'], {
      env: {
        ...(env as Record<string, string>),
        PORT: new URL(base).port,
        SANDBOX_PORT: new URL(sandboxUrl).port,
        SANDBOX_DATA_DIR: join(scratch, 'data'),
      },
    });
    expect(token.code, token.stderr).toBe(0);
    expect(token.stderr).toContain(`audience: ${base}`);
    const response = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token.stdout.trim()}` },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_run', arguments: { run_id: 'run_demo_0001' } },
      }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).result.structuredContent.run_id).toBe('run_demo_0001');
  });

  it("an agent's report, read back by the operator with `npm run token -- --operator`; an ordinary token is refused", async () => {
    const { BASE_URL: _vite, ...env } = process.env;
    const tokenEnv = {
      ...(env as Record<string, string>),
      PORT: new URL(base).port,
      SANDBOX_PORT: new URL(sandboxUrl).port,
      SANDBOX_DATA_DIR: join(scratch, 'data'),
    };
    const sent = await fetch(`${base}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        page: `${base}/docs/connect-mcp`,
        helpful: false,
        kind: 'unclear',
        comment: 'Which scope does tools/call need?',
        agent: 'npm-start test',
      }),
    });
    expect(sent.status).toBe(202);
    const { id } = await sent.json();
    const operator = await run(process.execPath, ['scripts/token.ts', '--operator'], { env: tokenEnv });
    expect(operator.code, operator.stderr).toBe(0);
    expect(operator.stderr).toContain('scopes: warden:operator');
    const list = await fetch(`${base}/api/feedback?source=agent`, { headers: { authorization: `Bearer ${operator.stdout.trim()}` } });
    expect(list.status).toBe(200);
    expect((await list.json()).items).toEqual([
      expect.objectContaining({
        id,
        page: '/docs/connect-mcp',
        source: 'agent',
        kind: 'unclear',
        agent: 'npm-start test',
        page_changed: false,
      }),
    ]);
    const ordinary = await run(process.execPath, ['scripts/token.ts'], { env: tokenEnv });
    expect(ordinary.stderr).not.toContain('warden:operator');
    const refused = await fetch(`${base}/api/feedback`, { headers: { authorization: `Bearer ${ordinary.stdout.trim()}` } });
    expect(refused.status).toBe(403);
  });

  it('stops cleanly on SIGTERM', async () => {
    child.kill('SIGTERM');
    const [code, signal] = await new Promise<[number | null, string | null]>((r) => child.once('exit', (c, s) => r([c, s])));
    expect({ code, signal }).toEqual({ code: 0, signal: null });
  });
});
