// Run by the search benchmark in a fresh Node process: loads the search index from a dist folder as the edge would
// (once per process), answers the first query, then every query again; prints the timings as one JSON line.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const [dist = 'dist', queriesJson = '[]', rounds = '20'] = process.argv.slice(2);
const queries = JSON.parse(queriesJson) as string[];
const t0 = performance.now();
const { loadSearchIndex } = await import('../../runtime/search/load-search-index.ts');
const { searchDocs } = await import('../../runtime/search/search-docs.ts');
const t1 = performance.now();
const index = await loadSearchIndex((path) => readFile(join(dist, path), 'utf8').catch(() => undefined));
const t2 = performance.now();
await searchDocs(index, { q: queries[0] ?? 'token', limit: 5 });
const t3 = performance.now();
const heapAfterFirst = process.memoryUsage().heapUsed;
const later: number[] = [];
for (let round = 0; round < Number(rounds); round++) {
  for (const q of queries) {
    const start = performance.now();
    await searchDocs(index, { q, limit: 5 });
    later.push(performance.now() - start);
  }
}
later.sort((a, b) => a - b);
const at = (p: number) => later[Math.min(later.length - 1, Math.floor(p * later.length))] ?? 0;
console.log(
  JSON.stringify({
    importMs: t1 - t0,
    loadMs: t2 - t1,
    firstQueryMs: t3 - t2,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: later.at(-1) ?? 0,
    queries: later.length,
    heapMB: heapAfterFirst / 2 ** 20,
    rssMB: process.memoryUsage().rss / 2 ** 20,
  }),
);
