import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getFreePort } from '../../harness/free-port.ts';
import { getRssMiB } from '../../harness/process-stats.ts';
import type { BenchConfig } from '../lib/bench-config.ts';
import { compareCpu } from '../lib/cpu-compare.ts';
import { placeForMeasuring } from '../lib/pin-cpus.ts';
import { num, ratio, toTable } from '../lib/report.ts';
import { EDGE_ARGS, spawnServer, type ChildServer } from '../lib/spawn-server.ts';
import { provideTools, type WrkTarget } from '../lib/wrk.ts';

/** The header both servers read the client's address from, as behind a proxy (CLIENT_ADDRESS_HEADER). */
const CLIENT_HEADER = 'x-forwarded-for';

/**
 * A wrk script whose every request is a distinct report from a client of its own: a comment numbered per request and
 * per run (so no report is folded into an earlier one, in this run or another) and an address counted up from a
 * random start (so no client reaches the per-minute or per-day limit).
 */
const REPORTS = `
math.randomseed(os.time() + os.clock() * 1e6)
local run = math.random(1, 2147483647)
local n = math.random(0, 4000000)
request = function()
  n = n + 1
  local a = n % 256
  local b = math.floor(n / 256) % 256
  local c = math.floor(n / 65536) % 256
  wrk.headers["${CLIENT_HEADER}"] = "10." .. c .. "." .. b .. "." .. a
  local body = '{"page":"/docs/overview","helpful":false,"kind":"incorrect","comment":"Run ' .. run .. ', report ' .. n .. ': the example is out of date.","agent":"bench"}'
  return wrk.format("POST", nil, nil, body)
end
`;

/**
 * CPU per feedback write: `POST /api/feedback` through the edge as deployed (access log and metrics on, the store on
 * disk), every request a distinct report from its own client, against a bare node:http server inserting the same row
 * with node:sqlite and the same pragmas (bench/serve/bare-feedback.ts), under the same fixed wrk load. `baseUrl` is
 * the address `dist` was built for; the edge measured here serves it on a port of its own.
 */
export async function benchFeedback(config: BenchConfig, baseUrl: string, dist: string): Promise<string> {
  provideTools(['wrk']);
  const load = { connections: config.BENCH_CONNECTIONS, seconds: config.BENCH_DURATION };
  const scratch = mkdtempSync(join(tmpdir(), 'warden-feedback-'));
  const servers: ChildServer[] = [];
  let unplace = () => {};
  try {
    const [edgePort, barePort] = [await getFreePort(), await getFreePort()];
    const edgeUrl = `http://127.0.0.1:${edgePort}`;
    for (const dir of ['edge', 'bare']) mkdirSync(join(scratch, dir));
    const edge = await spawnServer(
      EDGE_ARGS,
      {
        HOST: '127.0.0.1',
        PORT: String(edgePort),
        BASE_URL: baseUrl,
        WARDEN_OUT_DIR: dist,
        LOG_LEVEL: 'info',
        METRICS_PORT: '0',
        FEEDBACK_DATA_DIR: join(scratch, 'edge'),
        CLIENT_ADDRESS_HEADER: CLIENT_HEADER,
      },
      edgeUrl,
      '/api/health',
    );
    servers.push(edge);
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const bare = await spawnServer(
      'bench/serve/bare-feedback.ts',
      { PORT: String(barePort), DATA_DIR: join(scratch, 'bare'), CLIENT_ADDRESS_HEADER: CLIENT_HEADER },
      bareUrl,
    );
    servers.push(bare);
    const post = (url: string): WrkTarget => ({ url, method: 'POST', headers: { 'content-type': 'application/json' }, script: REPORTS });
    const placement = placeForMeasuring([edge.pid, bare.pid], []);
    unplace = placement.restore;
    const { us, bad } = await compareCpu(config, load, {
      edge: { server: edge, target: post(`${edgeUrl}/api/feedback`) },
      bare: { server: bare, target: post(`${bareUrl}/api/feedback`) },
    });
    const rss = { edge: getRssMiB(edge.pid), bare: getRssMiB(bare.pid) };
    unplace();
    return [
      '## Feedback writes: CPU per report',
      '',
      `CPU time (utime + stime of the server process from /proc) per answered \`POST /api/feedback\` over one wrk load (1 thread, ${load.connections} connections, ${load.seconds} s), median of ${config.BENCH_RUNS} interleaved runs after a ${config.BENCH_WARMUP} s warm-up. Every request is a distinct report (a comment numbered per run and request, so none is folded) from a client of its own (\`${CLIENT_HEADER}\` counted up, read through \`CLIENT_ADDRESS_HEADER\`, so no limit refuses one). "edge" is \`npm run serve\` as deployed (access log on, metrics on their own port, the store in a file): the report is validated against its schema, scrubbed, tied to its page's twin digest, counted against its client's limits under the day's salted key, then stored in one transaction and read back. "bare" is bench/serve/bare-feedback.ts: node:http reading the body and inserting the same row with node:sqlite (WAL, synchronous NORMAL, the store's own schema), answering 202. ${placement.said}`,
      '',
      toTable(
        ['request', 'edge µs', 'bare node:http + node:sqlite µs', 'edge / bare', 'non-2xx'],
        [['POST /api/feedback, a distinct report per request', num(us.edge!, 1), num(us.bare!, 1), ratio(us.edge!, us.bare!), bad]],
      ),
      '',
      `RSS after the load: edge ${num(rss.edge, 0)} MiB, bare ${num(rss.bare, 0)} MiB.`,
    ].join('\n');
  } finally {
    unplace();
    for (const server of servers.reverse()) await server.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
