/**
 * `npm run soak`: the whole system under steady load, as `npm start` runs it (edge and sandbox in one process) and
 * apart (the sandbox and `npm run serve` as two processes, each one's memory measured alone). Prints answers by
 * status, errors, and each process's RSS: at the start, after SOAK_WARMUP seconds, and the growth after that.
 * Exits 1 on any error or non-2xx answer, or a growth of 10% or more of a server measured alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { spawnServer, type ChildServer } from './lib/spawn-server.ts';
import { buildDist } from '../harness/build-dist.ts';
import { getFreePort } from '../harness/free-port.ts';
import { runSoak, toRssSummary, type SoakRequest } from '../harness/soak.ts';
import { getWorkloadAccessToken, mintRegistrationCode } from '../harness/workload-token.ts';

const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const config = z
  .object({ SOAK_SECONDS: int(120), SOAK_CONNECTIONS: int(64), SOAK_WARMUP: int(20), SOAK_MODES: z.string().default('start,apart') })
  .parse(Object.fromEntries(Object.entries(process.env).filter(([k, v]) => k.startsWith('SOAK_') && v !== '')));
const started = Date.now();
const log = (line: string) => console.error(`[soak +${Math.round((Date.now() - started) / 1000)}s] ${line}`);

/** A token from the sandbox's authorization server for the edge (a registered workload client). */
async function getToken(sandboxUrl: string, baseUrl: string): Promise<string> {
  return getWorkloadAccessToken(sandboxUrl, await mintRegistrationCode(sandboxUrl), {
    resource: baseUrl,
    scopes: ['warden:access'],
    clientName: 'soak',
  });
}

/** The mix: forwarded tools/list and tools/call with a token, a negotiated page, a static file, health. */
function toMix(token: string): SoakRequest[] {
  const mcp = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  return [
    { method: 'POST', path: '/mcp', headers: mcp, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }) },
    { path: '/docs/overview', headers: { accept: 'text/markdown' } },
    {
      method: 'POST',
      path: '/mcp',
      headers: mcp,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'get_run', arguments: { run_id: 'run_demo_0001' } },
      }),
    },
    { path: '/llms.txt' },
    { path: '/api/health' },
  ];
}

let failed = false;
for (const mode of config.SOAK_MODES.split(',').map((m) => m.trim())) {
  const [edgePort, sandboxPort] = [await getFreePort(), await getFreePort()];
  const baseUrl = `http://127.0.0.1:${edgePort}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'warden-soak-data-'));
  // npm start builds dist and the CLI release for its own addresses; the servers apart get a build from here.
  log(`${mode}: building for ${baseUrl}`);
  const dist = mode === 'start' ? join(dataDir, 'dist') : await buildDist({ baseUrl, appUrl: sandboxUrl, issuer: sandboxUrl });
  const servers: ChildServer[] = [];
  try {
    const common = { HOST: '127.0.0.1', PORT: String(edgePort), BASE_URL: baseUrl, WARDEN_OUT_DIR: dist, METRICS_PORT: '0' };
    const pids: Record<string, number> = {};
    if (mode === 'start') {
      const startEnv = {
        ...common,
        SANDBOX_PORT: String(sandboxPort),
        SANDBOX_DATA_DIR: join(dataDir, 'sandbox'),
        WARDEN_RELEASE_DIR: join(dataDir, 'release'),
      };
      servers.push(await spawnServer('scripts/start.ts', startEnv, baseUrl, '/api/health', 600_000));
      pids['edge + sandbox (npm start)'] = servers[0]!.pid;
    } else {
      servers.push(
        await spawnServer(
          'sandbox/main.ts',
          { SANDBOX_PORT: String(sandboxPort), BASE_URL: baseUrl, SANDBOX_DATA_DIR: dataDir },
          sandboxUrl,
        ),
      );
      servers.push(
        await spawnServer(
          'proxy/serve.ts',
          { ...common, APP_URL: sandboxUrl, AUTH_ISSUER: sandboxUrl, TOKEN_JWKS_URL: `${sandboxUrl}/jwks` },
          baseUrl,
          '/api/health',
        ),
      );
      pids.sandbox = servers[0]!.pid;
      pids.edge = servers[1]!.pid;
    }
    const token = await getToken(sandboxUrl, baseUrl);
    log(`${mode}: ${config.SOAK_CONNECTIONS} connections for ${config.SOAK_SECONDS} s`);
    const soak = await runSoak(baseUrl, toMix(token), { seconds: config.SOAK_SECONDS, connections: config.SOAK_CONNECTIONS, pids });
    console.log(
      `## ${mode === 'start' ? 'npm start (one process)' : 'edge and sandbox apart'}: ${config.SOAK_CONNECTIONS} connections, ${config.SOAK_SECONDS} s`,
    );
    console.log(`requests ${soak.requests}, errors ${soak.errors}, non-2xx ${soak.non2xx} ${JSON.stringify(soak.statuses)}`);
    for (const [name, series] of Object.entries(soak.rss)) {
      const rss = toRssSummary(series, config.SOAK_WARMUP);
      console.log(
        `${name} RSS: start ${rss.start.toFixed(0)} MiB, at ${config.SOAK_WARMUP} s ${rss.afterWarmup.toFixed(0)} MiB, peak after ${rss.peak.toFixed(0)} MiB, end ${rss.end.toFixed(0)} MiB: growth after ${config.SOAK_WARMUP} s ${rss.growth.toFixed(1)}%`,
      );
      // The criterion is for each server measured alone; one process holding both has one heap sized for both.
      if (mode !== 'start' && rss.growth >= 10) failed = true;
    }
    if (soak.errors > 0 || soak.non2xx > 0) failed = true;
  } finally {
    for (const server of servers.reverse()) await server.close();
    rmSync(dist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
log(failed ? 'FAILED' : 'passed');
process.exit(failed ? 1 : 0);
