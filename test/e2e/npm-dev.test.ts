import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPortBelowEphemeral } from '../../harness/free-port.ts';
import { copyProject, removeProjectCopy } from '../../harness/project-copy.ts';
import { watchOutput, type ChildOutput } from '../helpers/child-output.ts';

// `npm run dev` through its real entry: Astro's dev server with live reload, the edge's dynamic paths alongside.
const scratch = mkdtempSync(join(tmpdir(), 'warden-dev-'));
let child: ChildProcess;
let output: ChildOutput;
let project = '';
let base = '';

beforeAll(async () => {
  // Below the ephemeral range: nothing listens on them until the build (or the dev server) is ready, and in
  // between no other test's random port or connection can take them.
  const port = await getPortBelowEphemeral();
  const sandboxPort = await getPortBelowEphemeral((p) => p !== port);
  base = `http://127.0.0.1:${port}`;
  // As a writer's shell has it: none of vitest's variables (with VITEST set, Astro's dev server renders no content).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(VITEST|BASE_URL$|APP_URL$|AUTH_ISSUER$|NODE_ENV$|TEST$)/.test(k)),
  );
  // In a copy of the project, as a fresh checkout is: no Vite dependency cache from an earlier run hides its scan.
  project = copyProject('dev-');
  for (const d of ['proxy', 'scripts', 'sandbox']) cpSync(resolve(d), join(project, d), { recursive: true });
  child = spawn(process.execPath, ['scripts/dev.ts'], {
    cwd: project,
    env: {
      ...env,
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_DATA_DIR: join(scratch, 'data'),
      FEEDBACK_DATA_DIR: join(scratch, 'feedback'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  output = watchOutput(child);
  await output.until((text) => text.includes('live reload'), 'npm run dev coming up');
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  rmSync(scratch, { recursive: true, force: true });
  if (project) removeProjectCopy(project);
});

describe('npm run dev', () => {
  it('renders pages with the live-reload client, for this address, and has printed no error on the way', async () => {
    // The first request waits for the content collection's first render, then gets the page.
    const response = await fetch(`${base}/docs/overview`);
    expect(response.status, output.text().slice(-2000)).toBe(200);
    // Vite's dependency scan reads every component's scripts as it starts; a failed scan is an [ERROR] here.
    expect(output.text()).not.toContain('[ERROR]');
    const html = await response.text();
    expect(html).toContain('/@vite/client');
    expect(html).toContain(`<link rel="canonical" href="${base}/docs/overview"`);
  });

  it('answers health, problems and the MCP endpoint as the edge does', async () => {
    expect(await (await fetch(`${base}/api/health`)).json()).toMatchObject({ status: 'ok', openapi: `${base}/openapi.json` });
    const problem = await fetch(`${base}/api/nope`);
    expect(problem.status).toBe(404);
    expect(problem.headers.get('content-type')).toBe('application/problem+json');
    const list = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}',
    });
    expect(list.status).toBe(200);
    const call = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_account","arguments":{}}}',
    });
    expect(call.status).toBe(401);
  });
});
