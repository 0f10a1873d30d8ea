import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVerify } from '../../scripts/verify/run-verify.ts';
import { startTestDeployment, type TestDeployment } from '../helpers/test-deployment.ts';
import { startTamperingProxy, type Tamper } from './tampering-proxy.ts';

// A deliberately broken deployment: the real one behind a proxy that breaks one rule at a time.
const run = promisify(execFile);
let local: TestDeployment;
let broken: Awaited<ReturnType<typeof startTamperingProxy>>;

const tamper: Tamper = (path, method, status, headers, body) => {
  if (path === '/api/v1/health') return { status, headers, body: JSON.stringify({ ...JSON.parse(body), status: 'degraded' }) };
  if (path.startsWith('/api/verify-unknown')) {
    const { resolution: _dropped, ...rest } = JSON.parse(body);
    return { status, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(rest) };
  }
  if (path.startsWith('/docs/') && !path.endsWith('.md')) {
    const { vary: _vary, ...rest } = headers;
    return { status, headers: rest, body };
  }
  if (path === '/.well-known/mcp' && method === 'POST' && status === 401)
    return { status, headers: { ...headers, 'www-authenticate': 'Bearer realm="warden"' }, body };
  if (path === '/mcp/tools.json') {
    const doc = JSON.parse(body) as { tools: unknown[] };
    return { status, headers, body: JSON.stringify({ tools: doc.tools.slice(1) }) };
  }
  return { status, headers, body };
};

describe('a broken deployment', () => {
  beforeAll(async () => {
    // The build's base URL is the proxy's: the edge listens elsewhere, behind it.
    local = await startTestDeployment({ edgeElsewhere: true });
    broken = await startTamperingProxy(local.edge.url, tamper, Number(new URL(local.baseUrl).port));
  });
  afterAll(async () => {
    await broken?.close();
    await local?.close();
  });

  describe('npm run verify against a deliberately broken deployment', () => {
    it('reports exactly the broken rules as failures, with evidence', async () => {
      const outcome = await runVerify(broken.url, { skipExternal: true });
      if (!outcome.reachable) throw new Error(outcome.reason);
      const failed = Object.fromEntries(outcome.results.filter((r) => r.outcome === 'fail').map((r) => [`${r.id} ${r.rule}`, r.evidence]));
      expect(Object.keys(failed).sort()).toEqual([
        'NEGOTIATE-1 Accept: text/markdown on /docs/overview: markdown, Vary: Accept',
        'PROBLEM-2 GET unknown /api/*: 404 problem envelope',
        'RPC-1 /.well-known/mcp tools/list equals /mcp/tools.json',
        'RPC-1 /mcp tools/list equals /mcp/tools.json',
        'RPC-2 /.well-known/mcp tools/call without a Bearer token: 401 + challenge',
        'VERSION-1 GET /api/v1/health: identical to /api/health',
      ]);
      expect(failed['VERSION-1 GET /api/v1/health: identical to /api/health']).toContain('bodies differ');
      expect(failed['PROBLEM-2 GET unknown /api/*: 404 problem envelope']).toMatch(/content-type "application\/json".*resolution/);
      expect(failed['RPC-2 /.well-known/mcp tools/call without a Bearer token: 401 + challenge']).toContain('realm=\\"warden');
      expect(failed['RPC-1 /mcp tools/list equals /mcp/tools.json']).toMatch(/only in tools\/list \[\w+\]/);
    });

    it('the CLI exits 1 and prints FAIL rows', async () => {
      const error = await run(process.execPath, ['scripts/verify.ts', broken.url, '--skip-external']).then(
        () => undefined,
        (e: { code: number; stdout: string }) => e,
      );
      expect(error?.code).toBe(1);
      expect(error?.stdout).toMatch(/^VERSION-1 +GET \/api\/v1\/health: identical to \/api\/health +FAIL /m);
      expect(error?.stdout).toMatch(/6 failed/);
    });
  });
});
