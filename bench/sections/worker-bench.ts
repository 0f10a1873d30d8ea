import type { BenchConfig } from '../lib/bench-config.ts';
import { compareThroughput } from '../lib/load.ts';
import { num, ratio, toTable } from '../lib/report.ts';
import { startWorker } from '../../harness/start-worker.ts';

/**
 * The worker in workerd (Miniflare, as wrangler.jsonc configures it, over the same dist) against the Node edge
 * server: a negotiated page and /api/health; returns a markdown section.
 */
export async function benchWorker(config: BenchConfig, edgeUrl: string, dist: string, page: string): Promise<string> {
  const worker = await startWorker(dist);
  const load = {
    connections: config.BENCH_CONNECTIONS,
    duration: config.BENCH_DURATION,
    warmup: config.BENCH_WARMUP,
    runs: config.BENCH_RUNS,
  };
  try {
    const md = { accept: 'text/markdown' };
    const cases: [string, string, Record<string, string>][] = [
      [`GET ${page} (Accept: text/markdown)`, page, md],
      ['GET /api/health', '/api/health', {}],
    ];
    const rows: (string | number)[][] = [];
    for (const [name, path, headers] of cases) {
      const r = await compareThroughput(
        { workerd: { url: `${worker.origin}${path}`, headers }, node: { url: `${edgeUrl}${path}`, headers } },
        load,
      );
      const [w, n] = [r.workerd!, r.node!];
      rows.push([name, num(w.rps), num(n.rps), ratio(w.rps, n.rps), `${w.p99} / ${n.p99}`, w.bad + n.bad]);
    }
    return [
      '## The worker in workerd against the Node edge server',
      '',
      `The same app: \`npm run bundle:worker\` served by workerd through Miniflare with wrangler.jsonc's settings and the dist as its static assets, against \`npm run serve\` (Node) over the same dist. autocannon, ${load.connections} connections, ${load.duration} s × ${load.runs} interleaved runs after a ${load.warmup} s warm-up each; median req/s. No target: the ratio is reported.`,
      '',
      toTable(['request', 'workerd req/s', 'Node req/s', 'workerd / Node', 'p99 ms (workerd / Node)', 'non-2xx'], rows),
    ].join('\n');
  } finally {
    await worker.dispose();
  }
}
