import { Agent, request } from 'node:http';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import { median } from './bench-config.ts';

/** One request to load: where, how, and what to send. */
export interface LoadTarget {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** Throughput of one target at fixed connections and duration (autocannon), medians over runs. */
export interface Throughput {
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx answers and socket errors across all runs: must be 0 for the number to mean anything. */
  bad: number;
}

function cannon(
  target: LoadTarget,
  connections: number,
  duration: number,
): Promise<{ requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number }> {
  return autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections,
    duration,
    pipelining: 1,
  });
}

/**
 * Measures several targets side by side: one warm-up each, then `runs` rounds in which every target
 * runs once (interleaved, so drift hits all alike); reports the median of each.
 */
export async function compareThroughput(
  targets: Record<string, LoadTarget>,
  options: { connections: number; duration: number; warmup: number; runs: number },
): Promise<Record<string, Throughput>> {
  for (const target of Object.values(targets)) await cannon(target, options.connections, options.warmup);
  const samples: Record<string, { rps: number[]; p50: number[]; p99: number[]; bad: number }> = {};
  for (let run = 0; run < options.runs; run++) {
    for (const [name, target] of Object.entries(targets)) {
      const r = await cannon(target, options.connections, options.duration);
      samples[name] ??= { rps: [], p50: [], p99: [], bad: 0 };
      const s = samples[name];
      s.rps.push(r.requests.average);
      s.p50.push(r.latency.p50);
      s.p99.push(r.latency.p99);
      s.bad += r.non2xx + r.errors;
    }
  }
  return Object.fromEntries(
    Object.entries(samples).map(([n, s]) => [n, { rps: median(s.rps), p50: median(s.p50), p99: median(s.p99), bad: s.bad }]),
  );
}

/** Latency at concurrency 1 in ms (µs resolution): `count` sequential requests on one keep-alive socket, after 10% warm-up. */
export async function measureLatency(target: LoadTarget, count: number): Promise<{ p50: number; p90: number; p99: number; bad: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(target.url);
  const once = () =>
    new Promise<number>((done, fail) => {
      const start = process.hrtime.bigint();
      const req = request(
        { hostname: url.hostname, port: url.port, path: url.pathname, method: target.method ?? 'GET', headers: target.headers, agent },
        (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode && res.statusCode < 300 ? Number(process.hrtime.bigint() - start) / 1e6 : -1));
        },
      );
      req.on('error', fail);
      req.end(target.body);
    });
  for (let i = 0; i < Math.ceil(count / 10); i++) await once();
  const times: number[] = [];
  let bad = 0;
  for (let i = 0; i < count; i++) {
    const t = await once();
    if (t < 0) bad++;
    else times.push(t);
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), bad };
}
