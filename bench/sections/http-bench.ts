import type { BenchConfig } from '../lib/bench-config.ts';
import { compareThroughput, type Throughput } from '../lib/load.ts';
import { num, ratio, toTable, verdict } from '../lib/report.ts';
import { spawnServer } from '../lib/spawn-server.ts';
import { getFreePort } from '../../harness/free-port.ts';

/** Health vs a bare node:http server, and llms.txt / a negotiated twin vs sirv on the same dist; returns a markdown section. */
export async function benchHttp(config: BenchConfig, edgeUrl: string, dist: string, page: string): Promise<string> {
  const healthBody = await (await fetch(`${edgeUrl}/api/health`)).text();
  const barePort = await getFreePort();
  const sirvPort = await getFreePort();
  const bare = await spawnServer(
    'bench/serve/bare-health.ts',
    { PORT: String(barePort), BODY: healthBody },
    `http://127.0.0.1:${barePort}`,
  );
  const sirv = await spawnServer('bench/serve/sirv-dist.ts', { PORT: String(sirvPort), DIST: dist }, `http://127.0.0.1:${sirvPort}`);
  const load = {
    connections: config.BENCH_CONNECTIONS,
    duration: config.BENCH_DURATION,
    warmup: config.BENCH_WARMUP,
    runs: config.BENCH_RUNS,
  };
  try {
    const cases: { name: string; target: number; ours: Throughput; theirs: Throughput; against: string }[] = [];
    const h = await compareThroughput({ ours: { url: `${edgeUrl}/api/health` }, bare: { url: `${bare.url}/api/health` } }, load);
    cases.push({ name: 'GET /api/health', target: 0.85, ours: h.ours!, theirs: h.bare!, against: 'bare node:http (same JSON)' });
    const l = await compareThroughput({ ours: { url: `${edgeUrl}/llms.txt` }, sirv: { url: `${sirv.url}/llms.txt` } }, load);
    cases.push({ name: 'GET /llms.txt', target: 1, ours: l.ours!, theirs: l.sirv!, against: 'sirv, same dist' });
    const md = { accept: 'text/markdown' };
    const n = await compareThroughput({ ours: { url: `${edgeUrl}${page}`, headers: md }, sirv: { url: `${sirv.url}${page}.md` } }, load);
    cases.push({
      name: `GET ${page} (Accept: text/markdown)`,
      target: 1,
      ours: n.ours!,
      theirs: n.sirv!,
      against: `sirv serving ${page}.md`,
    });
    const rows = cases.map((c) => [
      c.name,
      c.against,
      num(c.ours.rps),
      num(c.theirs.rps),
      ratio(c.ours.rps, c.theirs.rps),
      `≥ ${c.target}×`,
      verdict(c.ours.rps / c.theirs.rps >= c.target),
      `${c.ours.p99} / ${c.theirs.p99}`,
      c.ours.bad + c.theirs.bad,
    ]);
    return [
      '## Static and dynamic documents',
      '',
      `autocannon, ${load.connections} connections, ${load.duration} s × ${load.runs} interleaved runs after a ${load.warmup} s warm-up each; median req/s. Each server in its own process.`,
      '',
      toTable(
        ['request', 'compared with', 'ours req/s', 'theirs req/s', 'ratio', 'target', 'verdict', 'p99 ms (ours / theirs)', 'non-2xx'],
        rows,
      ),
    ].join('\n');
  } finally {
    await bare.close();
    await sirv.close();
  }
}
