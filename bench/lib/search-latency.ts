import { getFreePort } from '../../harness/free-port.ts';
import { getRssMiB } from '../../harness/process-stats.ts';
import { startWorker } from '../../harness/start-worker.ts';
import { readBuildFacts } from '../../proxy/node/build-info.ts';
import { median } from './bench-config.ts';
import { num } from './report.ts';
import { EDGE_ARGS, spawnServer } from './spawn-server.ts';

/** Fresh processes and fresh isolates started per site, for the first query's time. */
export const FRESH_STARTS = 5;
/** Rounds of the question set after the first query. */
export const ROUNDS = 20;

/** One site the search section measures: its name and dist folder. */
export interface SearchSite {
  name: string;
  dist: string;
}

/** Times one `GET /api/search?q=…` at the client, answered 200 and read to its end; ms. */
async function timeSearch(origin: string, q: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${origin}/api/search?q=${encodeURIComponent(q)}`);
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`/api/search answered ${res.status}: ${Buffer.from(body).toString().slice(0, 300)}`);
  return performance.now() - started;
}

/** The first search on a fresh door (after a request that loads no index), then the later ones, ms. */
async function measure(origin: string, queries: string[], rounds: number): Promise<{ first: number; later: number[] }> {
  await (await fetch(`${origin}/api/health`)).arrayBuffer();
  const first = await timeSearch(origin, queries[0]!);
  const later: number[] = [];
  for (let round = 0; round < rounds; round++) for (const q of queries) later.push(await timeSearch(origin, q));
  return { first, later: later.sort((a, b) => a - b) };
}

const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/**
 * The edge as `npm run serve` runs it, over the site: its first `/api/search` in a fresh process (which loads the
 * index), median of FRESH_STARTS starts, then the p50 and p99 of the question set; wall time at the client on
 * loopback, and the process's RSS after.
 */
export async function nodeLatency(site: SearchSite, queries: string[]): Promise<(string | number)[]> {
  const facts = readBuildFacts(site.dist)!;
  const firsts: number[] = [];
  let later: number[] = [];
  let rss = 0;
  for (let i = 0; i < FRESH_STARTS; i++) {
    const port = await getFreePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: facts.base_url,
      APP_URL: facts.app_url,
      WARDEN_OUT_DIR: site.dist,
      LOG_LEVEL: 'silent',
      METRICS_PORT: 'off',
    };
    const edge = await spawnServer(EDGE_ARGS, env, url, '/api/health');
    try {
      const measured = await measure(url, queries, i === 0 ? ROUNDS : 0);
      firsts.push(measured.first);
      if (i === 0) {
        later = measured.later;
        rss = getRssMiB(edge.pid);
      }
    } finally {
      await edge.close();
    }
  }
  return [site.name, 'Node (npm run serve)', num(median(firsts), 1), num(at(later, 0.5), 2), num(at(later, 0.99), 2), num(rss, 0)];
}

/** The same for the worker in workerd (`npm run bundle:worker`, wrangler.jsonc's settings): each start a fresh isolate. */
export async function workerdLatency(site: SearchSite, queries: string[]): Promise<(string | number)[]> {
  const firsts: number[] = [];
  let later: number[] = [];
  for (let i = 0; i < FRESH_STARTS; i++) {
    const worker = await startWorker(site.dist);
    try {
      const measured = await measure(worker.origin, queries, i === 0 ? ROUNDS / 4 : 0);
      firsts.push(measured.first);
      if (i === 0) later = measured.later;
    } finally {
      await worker.dispose();
    }
  }
  return [site.name, 'workerd (the worker)', num(median(firsts), 1), num(at(later, 0.5), 2), num(at(later, 0.99), 2), '–'];
}
