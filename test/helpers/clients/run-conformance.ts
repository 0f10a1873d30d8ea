import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
// The runner needs Node ≥ 22 : the project's pinned Node 24, not the Node 20 on PATH.
const NODE = resolve('node_modules/.bin/node');
const CLI = resolve('node_modules/@modelcontextprotocol/conformance/dist/index.js');

/** One check of a scenario as checks.json records it. */
export interface ConformanceCheck {
  id: string;
  name: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

/** Runs one server scenario of @modelcontextprotocol/conformance against `url`; returns its checks. */
export async function runScenario(url: string, scenario: string, specVersion?: string): Promise<ConformanceCheck[]> {
  const out = mkdtempSync(join(tmpdir(), 'warden-conformance-'));
  const args = [CLI, 'server', '--url', url, '--scenario', scenario, '-o', out, '--timeout', '20000'];
  if (specVersion) args.push('--spec-version', specVersion);
  try {
    // Exit 1 only means some check failed; the checks file says which.
    await run(NODE, args, { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }).catch((e: { code?: number }) => {
      if (e.code !== 1) throw e;
    });
    const dir = readdirSync(out).find((d) => d.startsWith(`server-${scenario}-`));
    if (!dir) throw new Error(`conformance wrote no results for ${scenario}`);
    return JSON.parse(readFileSync(join(out, dir, 'checks.json'), 'utf8')) as ConformanceCheck[];
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The names of the failed checks, sorted. */
export function toFailures(checks: ConformanceCheck[]): string[] {
  return checks
    .filter((c) => c.status === 'FAILURE')
    .map((c) => c.name)
    .sort();
}
