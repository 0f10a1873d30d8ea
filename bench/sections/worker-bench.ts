import { readdirSync } from 'node:fs';
import { getCpuSeconds } from '../../harness/process-stats.ts';
import { listWorkerdPids, startAssetsOnlyWorker, startWorker } from '../../harness/start-worker.ts';
import { type BenchConfig, median } from '../lib/bench-config.ts';
import { compareThroughput } from '../lib/load.ts';
import { num, ratio, toTable } from '../lib/report.ts';
import { provideTools, runWrk } from '../lib/wrk.ts';

/** A Miniflare worker started by `start`, with the workerd process it runs in (its CPU time is the worker's cost). */
async function startMeasured<T>(start: () => Promise<T>): Promise<{ worker: T; pid: number }> {
  const before = new Set(listWorkerdPids());
  const worker = await start();
  const pid = listWorkerdPids().find((p) => !before.has(p));
  if (pid === undefined) throw new Error('the workerd process of the worker just started was not found');
  return { worker, pid };
}

/**
 * CPU time of the workerd process per answered request (utime + stime, /proc), our worker against one that only
 * hands the request to its static assets, over the same dist: medians of interleaved wrk runs.
 */
async function benchWorkerCpu(config: BenchConfig, dist: string, page: string, ours: { origin: string; pid: number }): Promise<string> {
  provideTools(['wrk']);
  const reference = await startMeasured(() => startAssetsOnlyWorker(dist));
  try {
    const load = { connections: config.BENCH_CONNECTIONS, seconds: config.BENCH_DURATION };
    const asset = `/_astro/${readdirSync(`${dist}/_astro`).find((f) => f.endsWith('.css'))}`;
    const cases: [string, string, Record<string, string>][] = [
      [`a page view: GET ${page} (HTML)`, page, {}],
      [`its twin: GET ${page} (Accept: text/markdown)`, page, { accept: 'text/markdown' }],
      [`a build asset: GET ${asset} (the asset layer alone for ours)`, asset, {}],
    ];
    const rows: (string | number)[][] = [];
    for (const [name, path, headers] of cases) {
      const targets = { ours: { ...ours }, reference: { origin: reference.worker.origin, pid: reference.pid } };
      const samples: Record<string, number[]> = { ours: [], reference: [] };
      for (const t of Object.values(targets))
        await runWrk({ url: `${t.origin}${path}`, headers }, { ...load, seconds: config.BENCH_WARMUP });
      for (let run = 0; run < config.BENCH_RUNS; run++) {
        const order = Object.entries(targets);
        if (run % 2) order.reverse();
        for (const [key, t] of order) {
          const before = getCpuSeconds(t.pid);
          const result = await runWrk({ url: `${t.origin}${path}`, headers }, load);
          samples[key]!.push(((getCpuSeconds(t.pid) - before) / result.requests) * 1e6);
        }
      }
      const [a, b] = [median(samples.ours!), median(samples.reference!)];
      rows.push([name, num(a, 1), num(b, 1), ratio(a, b)]);
    }
    return [
      '',
      `CPU time of the workerd process per answered request (utime + stime from /proc before and after one wrk load: 1 thread, ${load.connections} connections, ${load.seconds} s; median of ${config.BENCH_RUNS} interleaved runs after a ${config.BENCH_WARMUP} s warm-up): this worker with wrangler.jsonc's asset settings, against a worker that only hands every request to \`env.ASSETS.fetch\` (run first on every path, the platform's default HTML handling), over the same dist. workerd runs the asset layer and Miniflare's own entry worker in the same process, so both columns include them. No goal yet: the ratio is reported.`,
      '',
      toTable(['request', 'this worker µs', 'ASSETS-only worker µs', 'ratio'], rows),
    ].join('\n');
  } finally {
    await reference.worker.dispose();
  }
}

/**
 * The worker in workerd (Miniflare, as wrangler.jsonc configures it, over the same dist) against the Node edge
 * server: a negotiated page and /api/health; returns a markdown section.
 */
export async function benchWorker(config: BenchConfig, edgeUrl: string, dist: string, page: string): Promise<string> {
  const { worker, pid } = await startMeasured(() => startWorker(dist));
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
      await benchWorkerCpu(config, dist, page, { origin: worker.origin, pid }),
    ].join('\n');
  } finally {
    await worker.dispose();
  }
}
