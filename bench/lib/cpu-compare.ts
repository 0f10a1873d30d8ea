import { getCpuSeconds } from '../../harness/process-stats.ts';
import { median, type BenchConfig } from './bench-config.ts';
import type { ChildServer } from './spawn-server.ts';
import { runWrk, type WrkTarget } from './wrk.ts';

/** What one server is measured under: the process whose CPU counts and the load wrk sends it. */
export interface CpuTarget {
  server: ChildServer;
  target: WrkTarget;
}

/**
 * µs of CPU (utime + stime from /proc) per answered request of each server, medians of `BENCH_RUNS` runs of one fixed
 * wrk load, after one warm-up each; the runs are interleaved across the servers (every other round reversed), so
 * drift hits all alike. `bad` counts the answers that were not 2xx or 3xx, and socket errors.
 */
export async function compareCpu(
  config: BenchConfig,
  load: { connections: number; seconds: number },
  targets: Record<string, CpuTarget>,
): Promise<{ us: Record<string, number>; bad: number }> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
  let bad = 0;
  for (const { target } of Object.values(targets)) await runWrk(target, { ...load, seconds: config.BENCH_WARMUP });
  for (let run = 0; run < config.BENCH_RUNS; run++) {
    const order = Object.entries(targets);
    if (run % 2) order.reverse();
    for (const [name, { server, target }] of order) {
      const before = getCpuSeconds(server.pid);
      const result = await runWrk(target, load);
      samples[name]!.push(((getCpuSeconds(server.pid) - before) / result.requests) * 1e6);
      bad += result.bad;
    }
  }
  return { us: Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)])), bad };
}
