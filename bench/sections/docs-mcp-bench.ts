import { getFreePort } from '../../harness/free-port.ts';
import { getCpuSeconds } from '../../harness/process-stats.ts';
import { PATHS } from '../../facts/paths.ts';
import { median, type BenchConfig } from '../lib/bench-config.ts';
import type { LoadTarget } from '../lib/load.ts';
import { placeForMeasuring } from '../lib/pin-cpus.ts';
import { num, ratio, toTable } from '../lib/report.ts';
import { EDGE_ARGS, spawnServer, type ChildServer } from '../lib/spawn-server.ts';
import { provideWrk, runWrk } from '../lib/wrk.ts';

/** The questions asked both ways: one in a sentence, one by an error code (an identifier counted whole and by its parts). */
const QUESTIONS = ['how do I sign in from CI without a browser', 'what does -31403 mean'];
const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** A POST of one JSON-RPC request to the docs MCP server, in the legacy era or the modern (2026-07-28) one, answered as JSON. */
function toRpc(url: string, era: 'legacy' | 'modern', method: string, params: Record<string, unknown>): LoadTarget {
  const name: Record<string, string> = typeof params.name === 'string' ? { 'mcp-name': params.name } : {};
  const headers: Record<string, string> =
    era === 'legacy' ? { 'mcp-protocol-version': '2025-11-25' } : { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...name };
  const body = { jsonrpc: '2.0', id: 1, method, params: era === 'legacy' ? params : { ...params, _meta: MODERN_META } };
  return {
    url: `${url}${PATHS.mcpDocs}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

/** CPU seconds a process spends answering one request (its first of a kind: what loading costs). */
async function cpuOfOne(server: ChildServer, target: LoadTarget): Promise<number> {
  const before = getCpuSeconds(server.pid);
  const res = await fetch(target.url, { method: target.method, headers: target.headers, body: target.body });
  if (!res.ok) throw new Error(`${target.method ?? 'GET'} ${target.url}: HTTP ${res.status}`);
  await res.arrayBuffer();
  return getCpuSeconds(server.pid) - before;
}

/**
 * The docs MCP server's CPU per request against `/api/search`'s on the same question: a fresh edge as `npm run serve`
 * runs it over the real build, its utime + stime from /proc per answered request over one fixed wrk load, medians of
 * interleaved runs, the measured edge on a CPU of its own. Also what its first requests cost: the search index, then
 * the MCP SDK, each loaded on first use. Returns a markdown section.
 */
export async function benchDocsMcp(config: BenchConfig, edgeEnv: Record<string, string>): Promise<string> {
  provideWrk();
  const load = { connections: config.BENCH_CONNECTIONS, seconds: config.BENCH_DURATION };
  const port = await getFreePort();
  const url = `http://127.0.0.1:${port}`;
  const edge = await spawnServer(
    EDGE_ARGS,
    { ...edgeEnv, PORT: String(port), BASE_URL: edgeEnv.BASE_URL!, METRICS_PORT: '0' },
    url,
    '/api/health',
  );
  let unplace = () => {};
  try {
    const api = (q: string): LoadTarget => ({
      url: `${url}${PATHS.search}?${new URLSearchParams({ q })}`,
      headers: { accept: 'application/json' },
    });
    const search = (era: 'legacy' | 'modern', q: string) => toRpc(url, era, 'tools/call', { name: 'search_docs', arguments: { q } });
    const first = {
      index: await cpuOfOne(edge, api(QUESTIONS[0]!)),
      sdk: await cpuOfOne(edge, toRpc(url, 'legacy', 'tools/list', {})),
    };
    const targets: Array<[string, LoadTarget]> = [
      ...QUESTIONS.flatMap(
        (q): Array<[string, LoadTarget]> => [
          [`GET /api/search?q=${q}`, api(q)],
          [`search_docs "${q}", legacy era`, search('legacy', q)],
          [`search_docs "${q}", 2026-07-28`, search('modern', q)],
        ],
      ),
      ['tools/list, legacy era', toRpc(url, 'legacy', 'tools/list', {})],
      ['tools/list, 2026-07-28', toRpc(url, 'modern', 'tools/list', {})],
    ];
    const placement = placeForMeasuring([edge.pid], []);
    unplace = placement.restore;
    const samples = new Map<string, number[]>(targets.map(([name]) => [name, []]));
    let bad = 0;
    for (const [, target] of targets) await runWrk(target, { ...load, seconds: config.BENCH_WARMUP });
    for (let run = 0; run < config.BENCH_RUNS; run++) {
      const order = run % 2 ? [...targets].reverse() : targets;
      for (const [name, target] of order) {
        const before = getCpuSeconds(edge.pid);
        const result = await runWrk(target, load);
        samples.get(name)!.push(((getCpuSeconds(edge.pid) - before) / result.requests) * 1e6);
        bad += result.bad;
      }
    }
    unplace();
    const us = (name: string) => median(samples.get(name)!);
    const rows = QUESTIONS.flatMap((q) => {
      const reference = us(`GET /api/search?q=${q}`);
      return [`GET /api/search?q=${q}`, `search_docs "${q}", legacy era`, `search_docs "${q}", 2026-07-28`].map((name) => [
        name,
        num(us(name), 1),
        ratio(us(name), reference),
      ]);
    });
    const list = ['tools/list, legacy era', 'tools/list, 2026-07-28'].map((name) => [name, num(us(name), 1), '–']);
    return [
      '## The docs MCP server: search_docs against /api/search',
      '',
      `CPU time (utime + stime of the edge process from /proc) per answered request over one wrk load (1 thread, ${load.connections} connections, ${load.seconds} s), median of ${config.BENCH_RUNS} interleaved runs after a ${config.BENCH_WARMUP} s warm-up each, on a fresh edge as \`npm run serve\` runs it over the real build (access log on, to /dev/null). \`search_docs\` is a \`tools/call\` to \`/mcp/docs\` answered as JSON (the SDK's server, made per request, around the same search of the same index); \`/api/search\` answers the same question as JSON. tools/list on \`/mcp/docs\` is the protocol's own share, with no search. Non-2xx: ${bad}. ${placement.said}`,
      '',
      toTable(['request', 'µs per request', 'against /api/search'], [...rows, ...list]),
      '',
      `First requests of the fresh edge: the first \`/api/search\` (loading the search index) took ${num(first.index * 1000, 0)} ms of CPU, the first request to \`/mcp/docs\` after it (loading the MCP SDK, which no other route loads) ${num(first.sdk * 1000, 0)} ms (/proc counts in 10 ms ticks).`,
    ].join('\n');
  } finally {
    unplace();
    await edge.close();
  }
}
