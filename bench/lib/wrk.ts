import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { LoadTarget } from './load.ts';

const run = promisify(execFile);

/** Debian packages the benchmarks run, by the binary each installs. */
const PACKAGES = { wrk: '/usr/bin/wrk', nginx: '/usr/sbin/nginx' } as const;

/** Makes sure Debian packages are installed (wrk, nginx): installs the missing ones as root, else says how. */
export function provideTools(names: (keyof typeof PACKAGES)[]): void {
  const missing = names.filter((name) => !existsSync(PACKAGES[name]));
  if (missing.length === 0) return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root) throw new Error(`this benchmark needs ${missing.join(' and ')}: sudo apt-get install -y ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...missing],
  ]) {
    const result = spawnSync('apt-get', args, { env, stdio: 'ignore' });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status})`);
  }
}

/** Makes sure wrk is installed. */
export function provideWrk(): void {
  provideTools(['wrk']);
}

/** What wrk loads: a fixed request, or a Lua script of its own that makes each (wrk's `request` function). */
export type WrkTarget = LoadTarget & { script?: string };

/** Loads one target with wrk for a fixed time and returns how many requests were answered (and how many not with 2xx/3xx). */
export async function runWrk(
  target: WrkTarget,
  options: { connections: number; seconds: number },
): Promise<{ requests: number; bad: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'warden-wrk-'));
  try {
    const script = join(dir, 'request.lua');
    const headers = Object.entries(target.headers ?? {}).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`);
    writeFileSync(
      script,
      [
        `wrk.method = ${JSON.stringify(target.method ?? 'GET')}`,
        ...(target.body ? [`wrk.body = ${JSON.stringify(target.body)}`] : []),
        ...headers,
        target.script ?? '',
        '',
      ].join('\n'),
    );
    const { stdout } = await run('wrk', ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '-s', script, target.url]);
    const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? NaN);
    const bad =
      Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0) +
      Number(
        /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/
          .exec(stdout)
          ?.slice(1)
          .reduce((a, b) => a + Number(b), 0) ?? 0,
      );
    return { requests, bad };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
