import type { BenchConfig } from '../lib/bench-config.ts';
import { compareThroughput, measureLatency, type LoadTarget } from '../lib/load.ts';
import { num, ratio, toTable, verdict } from '../lib/report.ts';
import { spawnServer } from '../lib/spawn-server.ts';
import { getFreePort } from '../../harness/free-port.ts';

const rpc = (method: string, params: object) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });

/** tools/list and an authenticated tools/call: edge (/.well-known/mcp) vs straight to the upstream vs a plain keep-alive proxy. */
export async function benchMcp(config: BenchConfig, edgeUrl: string, sandboxUrl: string, token: string): Promise<string> {
  const port = await getFreePort();
  const plain = await spawnServer('bench/serve/plain-proxy.ts', { PORT: String(port), TARGET: sandboxUrl }, `http://127.0.0.1:${port}`);
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-11-25',
  };
  const cases = {
    'tools/list': { headers, body: rpc('tools/list', {}) },
    'tools/call get_account (Bearer)': {
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: rpc('tools/call', { name: 'get_account', arguments: {} }),
    },
  };
  const load = {
    connections: config.BENCH_CONNECTIONS,
    duration: config.BENCH_DURATION,
    warmup: config.BENCH_WARMUP,
    runs: config.BENCH_RUNS,
  };
  const latencyRows: (string | number)[][] = [];
  const throughputRows: (string | number)[][] = [];
  try {
    for (const [name, request] of Object.entries(cases)) {
      const targets: Record<string, LoadTarget> = {
        direct: { url: `${sandboxUrl}/mcp`, method: 'POST', ...request },
        edge: { url: `${edgeUrl}/.well-known/mcp`, method: 'POST', ...request },
        plain: { url: `${plain.url}/mcp`, method: 'POST', ...request },
      };
      const lat: Record<string, Awaited<ReturnType<typeof measureLatency>>> = {};
      // Sequential, not parallel: the latency runs must not compete with each other.
      for (const [k, t] of Object.entries(targets)) lat[k] = await measureLatency(t, config.BENCH_LATENCY_REQUESTS);
      const added = lat.edge!.p50 - lat.direct!.p50;
      latencyRows.push([
        name,
        lat.direct!.p50.toFixed(3),
        lat.edge!.p50.toFixed(3),
        lat.plain!.p50.toFixed(3),
        `${added.toFixed(3)} ms`,
        '≤ 1 ms',
        verdict(added <= 1),
        `${lat.direct!.p99.toFixed(2)} / ${lat.edge!.p99.toFixed(2)} / ${lat.plain!.p99.toFixed(2)}`,
        lat.direct!.bad + lat.edge!.bad + lat.plain!.bad,
      ]);
      const t = await compareThroughput(targets, load);
      throughputRows.push([
        name,
        num(t.direct!.rps),
        num(t.edge!.rps),
        num(t.plain!.rps),
        ratio(t.edge!.rps, t.direct!.rps),
        ratio(t.plain!.rps, t.direct!.rps),
        '≥ 0.6×',
        verdict(t.edge!.rps / t.direct!.rps >= 0.6),
        t.direct!.bad + t.edge!.bad + t.plain!.bad,
      ]);
    }
  } finally {
    await plain.close();
  }
  return [
    '## MCP forwarding',
    '',
    'Same request sent straight to the upstream (the sandbox, its own process), through the edge (`POST /.well-known/mcp`: parse, gate, ES256 token check for tools/call, forward), and through a plain keep-alive `node:http` proxy (its own process).',
    '',
    `### Added latency at concurrency 1 (${config.BENCH_LATENCY_REQUESTS} sequential requests on one keep-alive socket; ms)`,
    '',
    toTable(
      [
        'request',
        'direct p50',
        'edge p50',
        'plain proxy p50',
        'edge added p50',
        'target',
        'verdict',
        'p99 direct / edge / plain',
        'non-2xx',
      ],
      latencyRows,
    ),
    '',
    `### Throughput at concurrency ${load.connections} (median req/s)`,
    '',
    toTable(
      ['request', 'direct', 'edge', 'plain proxy', 'edge / direct', 'plain / direct', 'target', 'verdict', 'non-2xx'],
      throughputRows,
    ),
  ].join('\n');
}
