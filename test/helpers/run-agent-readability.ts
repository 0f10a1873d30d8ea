import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
/** The audit's command line, as `npx @vercel/agent-readability` runs it (the package's `bin`). */
const CLI = join(dirname(require.resolve('@vercel/agent-readability')), 'cli/index.cjs');
const LOOPBACK_ONLY = fileURLToPath(new URL('./loopback-fetch.mjs', import.meta.url));

/** One check of the audit's JSON report. */
export interface AuditCheck {
  name: string;
  passed: boolean;
  skipped: boolean;
  tier: string;
  detail?: string;
}

/** The audit's JSON report: the score (0–100) and each category's checks. */
export interface AuditReport {
  score: number;
  categories: Record<string, { checks: AuditCheck[] }>;
}

/**
 * Runs the Agent Readability Spec's audit (`agent-readability audit <url> --json`, pinned in devDependencies) against
 * a page served on a loopback address, its fetch confined to loopback.
 */
export async function runAgentReadability(url: string): Promise<AuditReport> {
  const { stdout } = await run(process.execPath, ['--import', LOOPBACK_ONLY, CLI, 'audit', url, '--json'], { timeout: 120_000 });
  return JSON.parse(stdout) as AuditReport;
}

/** The checks that failed, with their detail: what a failing test shows. */
export function toFailedChecks(report: AuditReport): string[] {
  return Object.values(report.categories)
    .flatMap((c) => c.checks)
    .filter((c) => !c.passed && !c.skipped)
    .map((c) => `${c.name} (${c.tier}): ${c.detail ?? 'failed'}`);
}
