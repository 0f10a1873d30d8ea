import type { BenchConfig } from '../lib/bench-config.ts';
import type { LoadTarget } from '../lib/load.ts';
import { num, ratio, toTable, verdict } from '../lib/report.ts';
import { EDGE_ARGS, spawnServer, type ChildServer } from '../lib/spawn-server.ts';
import { median } from '../lib/bench-config.ts';
import { provideWrk, runWrk } from '../lib/wrk.ts';
import { getCpuSeconds } from '../../harness/process-stats.ts';
import { getFreePort } from '../../harness/free-port.ts';
import { placeForMeasuring } from '../lib/pin-cpus.ts';

/** CPU time the server process spent per answered request, in µs, over one fixed wrk load. */
async function cpuPerRequest(server: ChildServer, target: LoadTarget, config: BenchConfig): Promise<{ us: number; bad: number }> {
  const before = getCpuSeconds(server.pid);
  const { requests, bad } = await runWrk(target, { connections: config.BENCH_CONNECTIONS, seconds: config.BENCH_DURATION });
  return { us: ((getCpuSeconds(server.pid) - before) / requests) * 1e6, bad };
}

/**
 * The CPU cost of the access log: the same edge (same dist, same upstream) with LOG_LEVEL=info and with
 * LOG_LEVEL=silent, metrics off in both; the server's utime + stime from /proc before and after a fixed wrk load,
 * divided by the requests answered. Runs interleaved, medians reported. Goal: ≤ 1.1× with logging on. The two
 * edges get a CPU of their own, the sandbox (the upstream) and wrk the other, as in the CPU section (pin-cpus.ts).
 */
export async function benchLogging(
  config: BenchConfig,
  edgeEnv: Record<string, string>,
  token: string,
  upstreamPid: number,
): Promise<string> {
  provideWrk();
  const servers: Record<string, ChildServer> = {};
  let placement = { said: '', restore: () => {} };
  try {
    for (const [name, level] of [
      ['on', 'info'],
      ['off', 'silent'],
    ] as const) {
      const port = await getFreePort();
      // The same BASE_URL as the dist was built for: only the listening port differs.
      servers[name] = await spawnServer(
        EDGE_ARGS,
        { ...edgeEnv, PORT: String(port), LOG_LEVEL: level, METRICS_PORT: 'off' },
        `http://127.0.0.1:${port}`,
        '/api/health',
      );
    }
    placement = placeForMeasuring(
      Object.values(servers).map((server) => server.pid),
      [upstreamPid],
    );
    const mcp = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` };
    const targets: Record<string, (origin: string) => LoadTarget> = {
      'GET /docs/overview (Accept: text/markdown)': (origin) => ({ url: `${origin}/docs/overview`, headers: { accept: 'text/markdown' } }),
      'POST /mcp tools/list with a token (forwarded)': (origin) => ({
        url: `${origin}/mcp`,
        method: 'POST',
        headers: mcp,
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      }),
    };
    const rows: (string | number)[][] = [];
    for (const [name, toTarget] of Object.entries(targets)) {
      const samples: Record<string, number[]> = { on: [], off: [] };
      let bad = 0;
      for (const server of Object.values(servers))
        await runWrk(toTarget(server.url), { connections: config.BENCH_CONNECTIONS, seconds: config.BENCH_WARMUP });
      for (let run = 0; run < config.BENCH_RUNS; run++) {
        for (const key of run % 2 ? ['off', 'on'] : ['on', 'off']) {
          const result = await cpuPerRequest(servers[key]!, toTarget(servers[key]!.url), config);
          samples[key]!.push(result.us);
          bad += result.bad;
        }
      }
      const on = median(samples.on!);
      const off = median(samples.off!);
      rows.push([name, num(on, 1), num(off, 1), ratio(on, off), '≤ 1.1×', verdict(on / off <= 1.1), bad]);
    }
    return [
      '## Cost of logging',
      '',
      `CPU time (utime + stime of the server process, /proc) per answered request with the access log on (LOG_LEVEL=info, one JSON line per request to stdout, here /dev/null) and off (LOG_LEVEL=silent), metrics off in both. wrk, ${config.BENCH_CONNECTIONS} connections, ${config.BENCH_DURATION} s × ${config.BENCH_RUNS} interleaved runs after a ${config.BENCH_WARMUP} s warm-up; medians. The MCP row forwards to the sandbox. ${placement.said}`,
      '',
      toTable(['request', 'µs CPU / request, log on', 'log off', 'ratio', 'goal', 'verdict', 'non-2xx'], rows),
    ].join('\n');
  } finally {
    placement.restore();
    for (const server of Object.values(servers)) await server.close();
  }
}
