import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { LoadTarget } from './load.ts';

const run = promisify(execFile);

/** Makes sure wrk (Debian's package) is installed: installs it as root, else says how. */
export function provideWrk(): void {
  if (existsSync('/usr/bin/wrk')) return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root) throw new Error('this benchmark needs wrk: sudo apt-get install -y wrk');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'wrk']]) {
    const result = spawnSync('apt-get', args, { env, stdio: 'ignore' });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status})`);
  }
}

/** Loads one target with wrk for a fixed time and returns how many requests were answered (and how many not with 2xx/3xx). */
export async function runWrk(target: LoadTarget, options: { connections: number; seconds: number }): Promise<{ requests: number; bad: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'warden-wrk-'));
  try {
    const script = join(dir, 'request.lua');
    const headers = Object.entries(target.headers ?? {}).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`);
    writeFileSync(script, [`wrk.method = ${JSON.stringify(target.method ?? 'GET')}`, ...(target.body ? [`wrk.body = ${JSON.stringify(target.body)}`] : []), ...headers, ''].join('\n'));
    const { stdout } = await run('wrk', ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '-s', script, target.url]);
    const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? NaN);
    const bad = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0) + Number(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout)?.slice(1).reduce((a, b) => a + Number(b), 0) ?? 0);
    return { requests, bad };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
