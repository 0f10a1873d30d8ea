import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFreePort } from '../../harness/free-port.ts';

// `npm run dev` through its real entry: Astro's dev server with live reload, the edge's dynamic paths alongside.
const scratch = mkdtempSync(join(tmpdir(), 'warden-dev-'));
let child: ChildProcess;
let output = '';
let base = '';

beforeAll(async () => {
  const [port, sandboxPort] = [await getFreePort(), await getFreePort()];
  base = `http://127.0.0.1:${port}`;
  // As a writer's shell has it: none of vitest's variables (with VITEST set, Astro's dev server renders no content).
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|BASE_URL$|APP_URL$|AUTH_ISSUER$|NODE_ENV$|TEST$)/.test(k)));
  child = spawn(process.execPath, ['scripts/dev.ts'], {
    env: { ...env, PORT: String(port), SANDBOX_PORT: String(sandboxPort), SANDBOX_DATA_DIR: join(scratch, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 90_000;
  while (!output.includes('live reload')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm run dev did not come up:\n${output.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // The dev server listens before its first render of the content collection is ready.
  while ((await fetch(`${base}/docs/overview`).catch(() => undefined))?.status !== 200) {
    if (Date.now() > deadline) throw new Error(`npm run dev never rendered /docs/overview:\n${output.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  rmSync(scratch, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('renders pages with the live-reload client, for this address', async () => {
    const response = await fetch(`${base}/docs/overview`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('/@vite/client');
    expect(html).toContain(`<link rel="canonical" href="${base}/docs/overview"`);
  });

  it('answers health, problems and the MCP endpoint as the edge does', async () => {
    expect(await (await fetch(`${base}/api/health`)).json()).toMatchObject({ status: 'ok', openapi: `${base}/openapi.json` });
    const problem = await fetch(`${base}/api/nope`);
    expect(problem.status).toBe(404);
    expect(problem.headers.get('content-type')).toBe('application/problem+json');
    const list = await fetch(`${base}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}' });
    expect(list.status).toBe(200);
    const call = await fetch(`${base}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_account","arguments":{}}}' });
    expect(call.status).toBe(401);
  });
});
