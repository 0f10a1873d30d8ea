import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { buildRelease } from '../../cli/build/build-release.ts';
import { toHostTarget } from '../../cli/build/node-runtime.ts';
import { toReleaseFolders } from '../../cli/build/write-archive.ts';
import { toBuildDefaults } from '../../cli/to-build-defaults.ts';
import { getContentDir, readContent } from '../../src/content/read-content.ts';
import { median, type BenchConfig } from '../lib/bench-config.ts';
import { measureLatency } from '../lib/load.ts';
import { num, ratio, toTable, verdict } from '../lib/report.ts';

const MB = 1e6;
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** Wall time of one run of a command, in ms. */
function timeRun(command: string, args: string[], env: NodeJS.ProcessEnv): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { env, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}`);
  return ms(start);
}

/** `count` sequential tools/list round trips through a running `warden mcp` (write a line, read its answer), in ms. */
async function measureBridge(binary: string, env: NodeJS.ProcessEnv, mcpUrl: string, count: number): Promise<number[]> {
  const child = spawn(binary, ['mcp', '--mcp-url', mcpUrl], { env, stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const times: number[] = [];
  try {
    const warmup = Math.ceil(count / 10);
    for (let i = 0; i < warmup + count; i++) {
      const start = process.hrtime.bigint();
      child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/list', params: {} })}\n`);
      const { value } = await lines.next();
      if (!String(value).includes('"tools"')) throw new Error(`warden mcp answered: ${String(value).slice(0, 200)}`);
      if (i >= warmup) times.push(ms(start));
    }
  } finally {
    child.stdin!.end();
    await new Promise((done) => child.once('close', done));
  }
  return times;
}

/**
 * The `warden` binary: archive size per target (the real release build), `warden --version` cold start
 * against `node -e 0`, and a tools/list round trip through `warden mcp` against the same request straight to
 * the edge over HTTP (both at the edge's /mcp, so the difference is the bridge).
 */
export async function benchCli(config: BenchConfig, baseUrl: string, log: (line: string) => void): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), 'warden-bench-cli-'));
  try {
    const { site } = readContent(getContentDir(), { BASE_URL: baseUrl });
    log(`building the CLI release for ${site.cli.targets.join(', ')}`);
    const manifest = await buildRelease({ root: process.cwd(), outDir: join(work, 'release'), defaults: toBuildDefaults(site), targets: site.cli.targets, cacheDir: resolve('node_modules/.cache/warden-node-runtimes'), log });
    const sizeRows = site.cli.targets.map((t) => {
      const b = manifest.built[t];
      if (!b) return [t, 'not built', '', '≤ 40 MB', manifest.skipped[t] ?? ''];
      return [t, `${(b.bytes / MB).toFixed(1)} MB (${(b.bytes / 2 ** 20).toFixed(1)} MiB)`, `${(b.binaryBytes / MB).toFixed(1)} MB${b.stripped ? ', stripped' : ''}`, '≤ 40 MB', verdict(b.bytes <= 40 * MB)];
    });
    const host = toHostTarget();
    if (!manifest.built[host]) throw new Error(`no ${host} binary was built: ${manifest.skipped[host]}`);
    const bin = join(work, 'bin');
    execFileSync('mkdir', ['-p', bin]);
    execFileSync('tar', ['-xzf', join(toReleaseFolders(join(work, 'release'), site.product.version).pinned, `${site.cli.binary}-${host}.tar.gz`), '-C', bin]);
    const binary = join(bin, site.cli.binary);
    const env = { HOME: work, PATH: process.env.PATH, XDG_CONFIG_HOME: join(work, 'config') };

    // Cold start: alternate the two commands so drift hits both alike; medians of each, and of the pair ratios.
    const runs = Math.max(20, config.BENCH_RUNS * 10);
    for (let i = 0; i < 3; i++) timeRun(binary, ['--version'], env) + timeRun(process.execPath, ['-e', '0'], env);
    const warden: number[] = [];
    const node: number[] = [];
    for (let i = 0; i < runs; i++) {
      warden.push(timeRun(binary, ['--version'], env));
      node.push(timeRun(process.execPath, ['-e', '0'], env));
    }
    const pairRatio = median(warden.map((w, i) => w / node[i]!));

    log('tools/list through warden mcp and straight to the edge');
    const count = Math.min(config.BENCH_LATENCY_REQUESTS, 1000);
    const direct = await measureLatency({ url: `${baseUrl}/mcp`, method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }) }, count);
    const bridged = await measureBridge(binary, env, `${baseUrl}/mcp`, count);
    const added = percentile(bridged, 0.5) - direct.p50;

    return [
      '## The warden CLI',
      '',
      `Release build of every target in \`content/site.yaml\` (Node ${process.versions.node} single executable applications, runtimes from the npm registry); the ${host} binary runs the rest.`,
      '',
      '### Archive size per target (gzip -9)',
      '',
      toTable(['target', 'archive', 'binary', 'target', 'verdict'], sizeRows),
      '',
      `### Cold start (${runs} runs each, alternating; wall ms)`,
      '',
      toTable(['command', 'median ms', 'p90 ms', 'ratio (median of pairs)', 'target', 'verdict'], [
        ['`warden --version`', median(warden).toFixed(1), percentile(warden, 0.9).toFixed(1), `${pairRatio.toFixed(2)}×`, '≤ 1.5×', verdict(pairRatio <= 1.5)],
        ['`node -e 0` (same Node)', median(node).toFixed(1), percentile(node, 0.9).toFixed(1), '1.00×', '', ''],
      ]),
      '',
      `### tools/list round trip at concurrency 1 (${count} sequential requests after a warm-up; ms)`,
      '',
      toTable(['path', 'p50', 'p99', 'added p50', 'target', 'verdict'], [
        ['HTTP straight to the edge (`POST /mcp`, one keep-alive socket)', direct.p50.toFixed(3), direct.p99.toFixed(2), '', '', ''],
        ['stdio through `warden mcp` to the same edge', percentile(bridged, 0.5).toFixed(3), percentile(bridged, 0.99).toFixed(2), `${added.toFixed(3)} ms (${ratio(percentile(bridged, 0.5), direct.p50)})`, '≤ 2 ms', verdict(added <= 2)],
      ]),
      '',
      `Non-2xx on the direct path: ${num(direct.bad)}.`,
    ].join('\n');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
