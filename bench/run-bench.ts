/**
 * `npm run bench`: side-by-side benchmarks in one run on this machine, written as ratios to BENCHMARKS.md
 * Not part of `npm test`. BENCH_* variables set durations, runs and sections (lib/bench-config.ts).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { getWorkloadAccessToken, mintRegistrationCode } from '../harness/workload-token.ts';
import { getFreePort } from '../harness/free-port.ts';
import { buildDist } from '../harness/build-dist.ts';
import { readBenchConfig } from './lib/bench-config.ts';
import { EDGE_ARGS, spawnServer, type ChildServer } from './lib/spawn-server.ts';
import { benchBuild } from './sections/build-bench.ts';
import { benchCli } from './sections/cli-bench.ts';
import { benchDocsMcp } from './sections/docs-mcp-bench.ts';
import { benchEdgeCpu } from './sections/edge-cpu-bench.ts';
import { benchHttp } from './sections/http-bench.ts';
import { benchJwt } from './sections/jwt-bench.ts';
import { benchLogging } from './sections/logging-bench.ts';
import { benchMcp } from './sections/mcp-bench.ts';
import { benchPageJs } from './sections/page-js-bench.ts';
import { benchSearch, buildSearchSite } from './sections/search-bench.ts';
import { benchStart } from './sections/start-bench.ts';
import { benchTwins } from './sections/twins-bench.ts';
import { benchWorker } from './sections/worker-bench.ts';

const config = readBenchConfig(process.env);
const started = Date.now();
const log = (line: string) => console.error(`[bench +${Math.round((Date.now() - started) / 1000)}s] ${line}`);
const sections: string[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
/** Runs one section; a failure is written into the report instead of losing the sections measured so far. */
const attempt = async (title: string, section: () => Promise<string> | string) => {
  log(title);
  try {
    sections.push(await section());
  } catch (error) {
    sections.push(
      `## ${title}\n\n**Failed:** ${String((error as Error).message ?? error)
        .slice(0, 1500)
        .replace(/\n/g, '\n> ')}`,
    );
  }
};

try {
  const needsServers = ['http', 'cpu', 'start', 'mcp', 'docsmcp', 'twins', 'logging', 'worker', 'cli', 'search', 'pagejs'].some((s) =>
    config.sections.has(s),
  );
  if (needsServers) {
    const [edgePort, sandboxPort] = [await getFreePort(), await getFreePort()];
    const baseUrl = `http://127.0.0.1:${edgePort}`;
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    log(`building the real content for ${baseUrl}`);
    const dist = await buildDist({ baseUrl, appUrl: sandboxUrl, issuer: sandboxUrl });
    cleanups.push(() => rmSync(dist, { recursive: true, force: true }));
    const dataDir = mkdtempSync(join(tmpdir(), 'warden-bench-data-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const servers: ChildServer[] = [];
    cleanups.unshift(async () => {
      for (const s of servers.reverse()) await s.close();
    });
    const sandbox = await spawnServer(
      'sandbox/main.ts',
      { SANDBOX_PORT: String(sandboxPort), BASE_URL: baseUrl, SANDBOX_DATA_DIR: dataDir },
      sandboxUrl,
    );
    servers.push(sandbox);
    const edgeEnv = {
      HOST: '127.0.0.1',
      PORT: String(edgePort),
      METRICS_PORT: '0',
      BASE_URL: baseUrl,
      APP_URL: sandboxUrl,
      AUTH_ISSUER: sandboxUrl,
      TOKEN_JWKS_URL: `${sandboxUrl}/jwks`,
      WARDEN_OUT_DIR: dist,
    };
    servers.push(await spawnServer(EDGE_ARGS, edgeEnv, baseUrl, '/api/health'));
    if (config.sections.has('http'))
      await attempt('Static and dynamic documents', () => benchHttp(config, baseUrl, dist, '/docs/overview'));
    if (config.sections.has('cpu'))
      await attempt("The edge at Node's limit", async () => {
        const token = await getWorkloadAccessToken(sandboxUrl, await mintRegistrationCode(sandboxUrl), {
          resource: sandboxUrl,
          scopes: ['warden:access'],
          clientName: 'bench-cpu',
        });
        return benchEdgeCpu(config, sandboxUrl, token);
      });
    if (config.sections.has('start')) await attempt('Start', () => benchStart(config, edgeEnv, dist));
    if (config.sections.has('mcp'))
      await attempt('MCP forwarding', async () => {
        const token = await getWorkloadAccessToken(sandboxUrl, await mintRegistrationCode(sandboxUrl), {
          resource: baseUrl,
          scopes: ['warden:access'],
          clientName: 'bench',
        });
        return benchMcp(config, baseUrl, sandboxUrl, token);
      });
    if (config.sections.has('docsmcp'))
      await attempt('The docs MCP server: search_docs against /api/search', () => benchDocsMcp(config, edgeEnv));
    if (config.sections.has('logging'))
      await attempt('Cost of logging', async () => {
        const token = await getWorkloadAccessToken(sandboxUrl, await mintRegistrationCode(sandboxUrl), {
          resource: baseUrl,
          scopes: ['warden:access'],
          clientName: 'bench-logging',
        });
        return benchLogging(config, edgeEnv, token, sandbox.pid);
      });
    if (config.sections.has('twins')) await attempt('Markdown twins vs HTML pages', () => benchTwins(dist));
    if (config.sections.has('worker'))
      await attempt('The worker in workerd against the Node edge server', () => benchWorker(config, baseUrl, dist, '/docs/overview'));
    if (config.sections.has('cli')) await attempt('The warden CLI', () => benchCli(config, baseUrl, log));
    if (config.sections.has('search'))
      await attempt('Search for agents', async () => {
        const sites = [{ name: 'real content', dist }];
        if (config.BENCH_SEARCH_PAGES > 0) {
          log(`building the real content plus ${config.BENCH_SEARCH_PAGES} generated pages for the search index`);
          const large = await buildSearchSite(config.BENCH_SEARCH_PAGES);
          cleanups.push(() => rmSync(large, { recursive: true, force: true }));
          sites.push({ name: `real content + ${config.BENCH_SEARCH_PAGES.toLocaleString('en-US')} generated pages`, dist: large });
        }
        return benchSearch(sites);
      });
    if (config.sections.has('pagejs')) await attempt('Page JavaScript', () => benchPageJs(baseUrl));
  }
  if (config.sections.has('jwt')) await attempt('Token verification', () => benchJwt(config.BENCH_DURATION));
  if (config.sections.has('build')) await attempt('Build', () => benchBuild(config.buildPages, config.BENCH_BUILD_RUNS));
} finally {
  for (const cleanup of cleanups) await cleanup();
}

const settings = Object.entries(config)
  .filter(([k]) => k.startsWith('BENCH_'))
  .map(([k, v]) => `${k}=${String(v)}`)
  .join(' ');
const report = [
  '# Benchmarks',
  '',
  'Produced by `npm run bench` (everything on 127.0.0.1; ratios matter, absolute numbers drift between machines).',
  '',
  `- Command: \`npm run bench\` with ${settings}`,
  `- Date: ${new Date().toISOString()}; Node ${process.version}; ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}; total ${Math.round((Date.now() - started) / 1000)} s`,
  '',
  ...sections.flatMap((s) => [s, '']),
].join('\n');
// A hand-written "## Notes" section (reading of the numbers) survives reruns; everything above it is regenerated.
const previous = existsSync(config.BENCH_OUT) ? readFileSync(config.BENCH_OUT, 'utf8') : '';
const notes = previous.indexOf('\n## Notes');
writeFileSync(config.BENCH_OUT, notes >= 0 ? `${report.trimEnd()}\n${previous.slice(notes)}` : report);
log(`wrote ${config.BENCH_OUT}`);
console.log(report);
