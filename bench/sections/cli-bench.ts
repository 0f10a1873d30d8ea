import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { buildRelease } from '../../cli/build/build-release.ts';
import { BUN } from '../../cli/build/compile-binary.ts';
import { writeArchive } from '../../cli/build/write-archive.ts';
import { readMachine } from '../../cli/core/machine.ts';
import { toTarget } from '../../cli/core/release-sums.ts';
import { toBuildDefaults } from '../../cli/to-build-defaults.ts';
import { getLocalSigningKey } from '../../runtime/node/signing-key.ts';
import { toVersionFolder } from '../../runtime/release/release-layout.ts';
import { buildNodeSea } from '../cli/node-sea.ts';
import { getContentDir, readContent } from '../../content-model/read-content.ts';
import { median, type BenchConfig } from '../lib/bench-config.ts';
import { measureLatency } from '../lib/load.ts';
import { num, ratio, toTable, verdict } from '../lib/report.ts';

const MB = 1e6;
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

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

/** Cold starts of each command, alternating so drift hits all alike: the medians, and each one's median ratio to the last. */
function coldStarts(
  commands: { name: string; file: string; args: string[] }[],
  runs: number,
  env: NodeJS.ProcessEnv,
): { name: string; median: number; p90: number; ratio: number }[] {
  const times = commands.map(() => [] as number[]);
  for (let i = 0; i < 3; i++) for (const c of commands) timeRun(c.file, c.args, env);
  for (let i = 0; i < runs; i++) for (const [k, c] of commands.entries()) times[k]!.push(timeRun(c.file, c.args, env));
  const base = times.at(-1)!;
  return commands.map((c, k) => ({
    name: c.name,
    median: median(times[k]!),
    p90: percentile(times[k]!, 0.9),
    ratio: median(times[k]!.map((t, i) => t / base[i]!)),
  }));
}

/**
 * The `warden` binary: archive size of every target (the real release build), the same program for this
 * machine under the other runtimes tried (Bun without its bytecode cache, a Node single executable), `warden
 * --version` cold start of each against `node -e 0`, and a tools/list round trip through `warden mcp` against
 * the same request straight to the edge over HTTP (both at the edge's /mcp, so the difference is the bridge).
 */
export async function benchCli(config: BenchConfig, baseUrl: string, log: (line: string) => void): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), 'warden-bench-cli-'));
  try {
    const key = getLocalSigningKey(join(work, 'signing-key.pem'));
    const { site } = readContent(getContentDir(), { BASE_URL: baseUrl, RELEASE_PUBLIC_KEY: key.publicKeyLine });
    log(`building the CLI release for ${site.cli.targets.join(', ')}`);
    const defaults = toBuildDefaults(site);
    const manifest = await buildRelease({
      root: process.cwd(),
      outDir: join(work, 'release'),
      defaults,
      targets: site.cli.targets,
      signingKey: key,
      log,
    });
    const host = toTarget(process.platform, process.arch, site.cli.targets, readMachine());
    if (!host || !manifest.built[host]) throw new Error(`no binary was built for ${process.platform}-${process.arch}`);
    const bin = join(work, 'bin');
    mkdirSync(bin);
    execFileSync('tar', [
      '-xzf',
      join(toVersionFolder(join(work, 'release'), site.product.version), manifest.built[host].archive),
      '-C',
      bin,
    ]);
    const binary = join(bin, site.cli.binary);

    log('the same program for this machine under the other runtimes');
    const others = join(work, 'others');
    mkdirSync(others);
    const plainBun = join(others, 'bun-plain', site.cli.binary);
    execFileSync(
      BUN,
      [
        'build',
        resolve('cli/bin.ts'),
        '--compile',
        '--minify',
        `--target=bun-${host}`,
        '--define',
        `WARDEN_DEFAULTS=${JSON.stringify({ ...defaults, target: host })}`,
        '--outfile',
        plainBun,
      ],
      { stdio: 'ignore' },
    );
    const nodeSea = await buildNodeSea(resolve('cli'), { ...defaults, target: host }, others);
    const archived = async (file: string) => {
      const archive = `${file}.tar.gz`;
      await writeArchive(file, archive);
      return statSync(archive).size;
    };
    const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
    const sizeRows = site.cli.targets.map((t) => {
      const b = manifest.built[t]!;
      return [
        `\`${t}\``,
        'Bun, bytecode (shipped)',
        b.archive,
        mb(b.bytes),
        mb(b.binaryBytes),
        b.resigned ? 'ad-hoc signature made again' : '',
      ];
    });
    sizeRows.push([`\`${host}\``, 'Bun, no bytecode', '', mb(await archived(plainBun)), mb(statSync(plainBun).size), 'not shipped']);
    sizeRows.push([
      `\`${host}\``,
      `Node ${process.versions.node} single executable, stripped`,
      '',
      mb(await archived(nodeSea)),
      mb(statSync(nodeSea).size),
      'the runtime before Bun; no Apple silicon build on the registry',
    ]);
    const env = { HOME: work, PATH: process.env.PATH, XDG_CONFIG_HOME: join(work, 'config') };

    const runs = Math.max(20, config.BENCH_RUNS * 10);
    log(`cold starts (${runs} runs each)`);
    const starts = coldStarts(
      [
        { name: '`warden --version`, Bun with bytecode (shipped)', file: binary, args: ['--version'] },
        { name: '`warden --version`, Bun without bytecode', file: plainBun, args: ['--version'] },
        { name: '`warden --version`, Node single executable', file: nodeSea, args: ['--version'] },
        { name: "`node -e 0` (the project's Node)", file: process.execPath, args: ['-e', '0'] },
      ],
      runs,
      env,
    );
    const shipped = starts[0]!;

    log('tools/list through warden mcp and straight to the edge');
    const count = Math.min(config.BENCH_LATENCY_REQUESTS, 1000);
    const direct = await measureLatency(
      {
        url: `${baseUrl}/mcp`,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      },
      count,
    );
    const bridged = await measureBridge(binary, env, `${baseUrl}/mcp`, count);
    const added = percentile(bridged, 0.5) - direct.p50;

    return [
      '## The warden CLI',
      '',
      `Release build of every target in \`content/site.yaml\` (${manifest.runtime}, \`bun build --compile --bytecode\`, each target's runtime from the npm registry); the ${host} binary runs the rest. The other runtimes are built for ${host} only, from the same sources.`,
      '',
      '### Archive size per target and runtime (gzip or zip, zlib level 6)',
      '',
      toTable(['target', 'runtime', 'archive', 'archive size', 'binary', 'note'], sizeRows),
      '',
      `### Cold start (${runs} runs each, alternating; wall ms)`,
      '',
      toTable(
        ['command', 'median ms', 'p90 ms', 'ratio to `node -e 0` (median of runs)', 'target', 'verdict'],
        starts.map((s) => [
          s.name,
          s.median.toFixed(1),
          s.p90.toFixed(1),
          `${s.ratio.toFixed(2)}×`,
          s === shipped ? '≤ 1.0×' : '',
          s === shipped ? verdict(s.ratio <= 1.0) : '',
        ]),
      ),
      '',
      `### tools/list round trip at concurrency 1 (${count} sequential requests after a warm-up; ms)`,
      '',
      toTable(
        ['path', 'p50', 'p99', 'added p50', 'target', 'verdict'],
        [
          ['HTTP straight to the edge (`POST /mcp`, one keep-alive socket)', direct.p50.toFixed(3), direct.p99.toFixed(2), '', '', ''],
          [
            'stdio through `warden mcp` to the same edge',
            percentile(bridged, 0.5).toFixed(3),
            percentile(bridged, 0.99).toFixed(2),
            `${added.toFixed(3)} ms (${ratio(percentile(bridged, 0.5), direct.p50)})`,
            '≤ 2 ms',
            verdict(added <= 2),
          ],
        ],
      ),
      '',
      `Non-2xx on the direct path: ${num(direct.bad)}.`,
    ].join('\n');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
