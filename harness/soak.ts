// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import { getRssMiB } from './process-stats.ts';

/** One request of the soak's mix. */
export interface SoakRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** What a soak saw: answers by status class, errors, and each watched process's RSS once a second. */
export interface SoakResult {
  requests: number;
  statuses: Record<string, number>;
  /** Socket errors and timeouts: requests that got no answer. */
  errors: number;
  non2xx: number;
  rss: Record<string, number[]>;
}

/**
 * Loads `origin` with `connections` keep-alive connections for `seconds`, each connection cycling through the
 * request mix (autocannon), while sampling the resident memory of the watched processes every second.
 */
export async function runSoak(
  origin: string,
  mix: SoakRequest[],
  options: { seconds: number; connections: number; pids: Record<string, number> },
): Promise<SoakResult> {
  const rss: Record<string, number[]> = Object.fromEntries(Object.keys(options.pids).map((name) => [name, []]));
  const sample = () => {
    for (const [name, pid] of Object.entries(options.pids)) rss[name]!.push(getRssMiB(pid));
  };
  sample();
  const sampler = setInterval(sample, 1000);
  const result = await autocannon({
    url: origin,
    connections: options.connections,
    duration: options.seconds,
    pipelining: 1,
    requests: mix.map((r) => ({ method: r.method ?? 'GET', path: r.path, headers: r.headers, body: r.body })),
  });
  clearInterval(sampler);
  sample();
  const statuses = Object.fromEntries(['1xx', '2xx', '3xx', '4xx', '5xx'].map((k) => [k, Number(result[k] ?? 0)]));
  return { requests: result.requests.total, statuses, errors: result.errors + result.timeouts, non2xx: result.non2xx, rss };
}

/** RSS at the start, after `warmup` seconds and at the end, and the growth from the warm-up to the highest sample after it, in per cent. */
export function toRssSummary(
  series: number[],
  warmup = 20,
): { start: number; afterWarmup: number; end: number; peak: number; growth: number } {
  const at = Math.min(warmup, series.length - 1);
  const afterWarmup = series[at]!;
  const peak = Math.max(...series.slice(at));
  return { start: series[0]!, afterWarmup, end: series[series.length - 1]!, peak, growth: ((peak - afterWarmup) / afterWarmup) * 100 };
}
