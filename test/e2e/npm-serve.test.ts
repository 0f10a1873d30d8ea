import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, removeProjectCopy } from '../../harness/project-copy.ts';
import { getFreePort } from '../../harness/free-port.ts';
import { APP_URL, BASE_URL, DIST } from '../helpers/built-site.ts';
import { watchOutput } from '../helpers/child-output.ts';
import { makeFeedbackDir } from '../helpers/feedback-dir.ts';

// `npm run serve` is scripts/serve.mjs: the edge from a bundle esbuild makes and remakes when a source changes.
// Run in a copy of the project, so its bundle cache and an edited source stay there.
let project = '';
const children: ChildProcess[] = [];

async function serve(): Promise<{ url: string; output: () => string }> {
  const port = await getFreePort();
  const { BASE_URL: _vite, ...env } = process.env;
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: project,
    env: { ...env, BASE_URL, APP_URL, PORT: String(port), METRICS_PORT: 'off', WARDEN_OUT_DIR: DIST, FEEDBACK_DATA_DIR: makeFeedbackDir() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output = watchOutput(child);
  await output.until((text) => text.includes('Warden edge server on'), 'npm run serve coming up');
  return { url: `http://127.0.0.1:${port}`, output: output.text };
}

async function stopAll(): Promise<void> {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }
}

beforeAll(() => {
  project = copyProject('serve-');
  for (const d of ['proxy', 'scripts']) cpSync(resolve(d), join(project, d), { recursive: true });
});

afterAll(async () => {
  await stopAll();
  removeProjectCopy(project);
});

describe('npm run serve (scripts/serve.mjs)', () => {
  const bundle = () => join(project, 'node_modules', '.cache', 'warden-edge', 'serve.mjs');

  it('bundles the edge on first start and serves from the bundle: pages with their precompressed variant, health', async () => {
    const { url } = await serve();
    expect(existsSync(bundle())).toBe(true);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const page = await fetch(`${url}/docs/overview`, { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(await page.text()).toContain('<html');
    await stopAll();
  });

  it('keeps the bundle while no source changes, and remakes it when one does', async () => {
    const made = statSync(bundle()).mtimeMs;
    await serve();
    await stopAll();
    expect(statSync(bundle()).mtimeMs).toBe(made);
    appendFileSync(join(project, 'proxy', 'config.ts'), '\n// edited\n');
    const { url } = await serve();
    expect(statSync(bundle()).mtimeMs).toBeGreaterThan(made);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });

  it('without esbuild (an install without dev dependencies) runs proxy/serve.ts as it is', async () => {
    await stopAll();
    rmSync(join(project, 'node_modules', '.cache', 'warden-edge'), { recursive: true, force: true });
    // An esbuild that cannot be imported, found before the checkout's own.
    const stub = join(project, 'node_modules', 'esbuild');
    mkdirSync(stub, { recursive: true });
    writeFileSync(join(stub, 'package.json'), JSON.stringify({ name: 'esbuild', main: 'index.js' }));
    writeFileSync(join(stub, 'index.js'), "throw new Error('esbuild is not installed');\n");
    const { url } = await serve();
    expect(existsSync(bundle())).toBe(false);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const page = await fetch(`${url}/docs/overview`, { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('content-encoding')).toBe('br');
  });
});
