import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { median } from './bench-config.ts';
import { num } from './report.ts';
import { startSearchWorker } from './search-worker.ts';

const run = promisify(execFile);
/** Fresh processes and fresh isolates started per site, for the first query's time. */
export const FRESH_STARTS = 5;
/** Rounds of the question set after the first query. */
export const ROUNDS = 20;

/** One site the search section measures: its name and dist folder. */
export interface SearchSite {
  name: string;
  dist: string;
}

/** First query in fresh Node processes (median of FRESH_STARTS), then the p50 of later queries, as the edge would load the index. */
export async function nodeLatency(site: SearchSite, queries: string[]): Promise<(string | number)[]> {
  const probes: Array<Record<string, number>> = [];
  for (let i = 0; i < FRESH_STARTS; i++) {
    const { stdout } = await run(process.execPath, [
      'bench/serve/search-probe.ts',
      site.dist,
      JSON.stringify(queries),
      String(i === 0 ? ROUNDS : 1),
    ]);
    probes.push(JSON.parse(stdout) as Record<string, number>);
  }
  const m = (key: string) => median(probes.map((p) => p[key]!));
  const first = probes[0]!;
  return [
    site.name,
    'Node',
    num(m('loadMs'), 1),
    num(m('firstQueryMs'), 1),
    num(first.p50Ms!, 2),
    num(first.p99Ms!, 2),
    num(first.heapMB!, 1),
  ];
}

/** The same in workerd: a fresh isolate per start, whose first search loads the index through ASSETS; wall time at the client. */
export async function workerdLatency(site: SearchSite, queries: string[]): Promise<(string | number)[]> {
  const firsts: number[] = [];
  const later: number[] = [];
  for (let i = 0; i < FRESH_STARTS; i++) {
    const worker = await startSearchWorker(site.dist);
    try {
      const ask = async (q: string) => {
        const started = performance.now();
        const res = await fetch(`${worker.origin}/api/search?q=${encodeURIComponent(q)}`);
        if (res.status !== 200) throw new Error(`search worker answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
        await res.arrayBuffer();
        return performance.now() - started;
      };
      // The isolate starts on its first request: a request that loads nothing goes first.
      await (await fetch(`${worker.origin}/api/search?ping`)).arrayBuffer();
      firsts.push(await ask(queries[0]!));
      if (i === 0) for (let round = 0; round < ROUNDS / 4; round++) for (const q of queries) later.push(await ask(q));
    } finally {
      await worker.dispose();
    }
  }
  later.sort((a, b) => a - b);
  return [
    site.name,
    'workerd',
    '–',
    num(median(firsts), 1),
    num(median(later), 2),
    num(later[Math.floor(later.length * 0.99)] ?? 0, 2),
    '–',
  ];
}
