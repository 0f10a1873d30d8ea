import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVerify } from '../../scripts/verify/run-verify.ts';
import type { RuleResult } from '../../verify/rule-result.ts';
import { getFreePort } from '../helpers/sandbox-fixture.ts';
import { startTestDeployment, type TestDeployment } from '../helpers/test-deployment.ts';

const run = promisify(execFile);
let local: TestDeployment;

describe('the local deployment', () => {
  beforeAll(async () => {
    local = await startTestDeployment();
  });
  afterAll(async () => {
    await local?.close();
  });

  const failures = (results: RuleResult[]) => results.filter((r) => r.outcome === 'fail').map((r) => `${r.id} ${r.rule}: ${r.evidence}`);
  const named = (r: RuleResult) => `${r.id} ${r.rule}`;

  describe('npm run verify against the local deployment (edge server in front of the sandbox)', () => {
    it('passes every check of the CONTRACT.md rules, with only other-origin addresses skipped under --skip-external', async () => {
      const outcome = await runVerify(local.baseUrl, { skipExternal: true });
      if (!outcome.reachable) throw new Error(outcome.reason);
      expect(failures(outcome.results)).toEqual([]);
      expect(outcome.results.filter((r) => r.outcome === 'skip').map(named)).toEqual([
        'AUTH-6 authorization servers named have metadata', // the sandbox issuer is another origin
        'ENDPOINT-1 other-origin addresses named answer 2xx',
      ]);
      const rules = outcome.results.map(named).join('\n');
      for (const part of [
        'VERSION-1 GET /api/v1/health',
        'PROBLEM-2 GET unknown /api/*',
        'NEGOTIATE-1 Accept: text/markdown',
        'NEGOTIATE-2 GET /docs/',
        'RPC-2 /.well-known/mcp tools/call',
        'RPC-1 /mcp tools/list equals',
        'RPC-3 /.well-known/mcp ping',
        'HEALTH-1 GET /api/health',
      ]) {
        expect(rules).toContain(part);
      }
    });

    it('tries other-origin addresses without the flag: the sandbox answers, the example release host does not exist', async () => {
      const outcome = await runVerify(local.baseUrl, { timeoutMs: 5_000 });
      if (!outcome.reachable) throw new Error(outcome.reason);
      const byRule = new Map(outcome.results.map((r) => [named(r), r]));
      expect(byRule.get('ENDPOINT-14 tool endpoints named answer initialize')?.evidence).toContain(`${local.sandbox.url}/mcp`);
      expect(byRule.get('AUTH-6 authorization servers named have metadata')?.outcome).toBe('pass');
      const external = byRule.get('ENDPOINT-1 other-origin addresses named answer 2xx')!;
      expect(external.outcome).toBe('fail');
      expect(external.evidence).toContain('releases.warden.example');
      expect(failures(outcome.results)).toHaveLength(1);
    });

    it('the CLI prints the table and exits 0', async () => {
      const { stdout } = await run(process.execPath, ['scripts/verify.ts', local.baseUrl, '--offline']);
      expect(stdout).toMatch(/^ID\s+RULE\s+RESULT\s+EVIDENCE$/m);
      expect(stdout).toMatch(/^RPC-2 +\/mcp tools\/call without a Bearer token: 401 \+ challenge +PASS /m);
      expect(stdout).toMatch(/\d+ rules: \d+ passed, 0 failed, 2 skipped/);
    });

    it('the CLI says clearly that a down server is down: exit 2, no stack trace', async () => {
      const down = `http://127.0.0.1:${await getFreePort()}`;
      const error = await run(process.execPath, ['scripts/verify.ts', down]).then(
        () => undefined,
        (e: { code: number; stderr: string; stdout: string }) => e,
      );
      expect(error?.code).toBe(2);
      expect(error?.stderr).toContain(`${down} does not answer: ECONNREFUSED`);
      expect(`${error?.stderr}${error?.stdout}`).not.toMatch(/\n\s+at /);
    });

    it('the CLI refuses a missing or malformed base URL with the usage line', async () => {
      const error = await run(process.execPath, ['scripts/verify.ts', 'not-a-url']).then(
        () => undefined,
        (e: { code: number; stderr: string }) => e,
      );
      expect(error?.code).toBe(2);
      expect(error?.stderr).toContain('usage: npm run verify -- <base_url>');
    });
  });
});
