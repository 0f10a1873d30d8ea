import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getFreePort } from '../../harness/free-port.ts';
import { copyProject, removeProjectCopy } from '../../harness/project-copy.ts';
import { median, type BenchConfig } from '../lib/bench-config.ts';
import { num, ratio, toTable, verdict } from '../lib/report.ts';
import { EDGE_ARGS } from '../lib/spawn-server.ts';
import { timeToHealthy, type StartTiming } from '../lib/time-to-healthy.ts';

/** Where `npm run serve` keeps its bundle (and what else it caches beside it). */
const BUNDLE_DIR = resolve('node_modules/.cache/warden-edge');

/** One process the section starts each round. */
interface Starter {
  name: string;
  /** Run before each start, outside the timed window; returns what to undo after it. */
  prepare(): { env: Record<string, string>; cwd?: string; done?: () => void };
  command: readonly string[];
  path: string;
}

/**
 * Time to the first healthy answer of `npm run serve`'s server (its Node flags and program, the bundle) against a bare
 * node:http server holding the same dist in memory, in interleaved rounds; then the fresh-machine view: the same two
 * with the OS file cache dropped for what each reads and the edge's compile cache empty, and a clean copy of the project
 * whose first start makes the bundle. RSS after start besides.
 */
export async function benchStart(config: BenchConfig, env: Record<string, string>, dist: string): Promise<string> {
  const port = await getFreePort();
  const url = `http://127.0.0.1:${port}`;
  const node = process.execPath;
  // As deployed: the access log on, metrics on their own (free) port.
  const serveEnv = { ...env, PORT: String(port), WARDEN_OUT_DIR: dist, LOG_LEVEL: 'info', METRICS_PORT: '0' };
  const bareEnv = { PORT: String(port), DIST: dist };
  const clean = copyProject('start-');
  for (const d of ['proxy', 'scripts']) cpSync(resolve(d), join(clean, d), { recursive: true });
  const scratch: string[] = [];
  const emptyCache = () => {
    const dir = mkdtempSync(join(tmpdir(), 'warden-compile-cache-'));
    scratch.push(dir);
    return dir;
  };
  const starters: Starter[] = [
    {
      name: `\`node ${EDGE_ARGS.join(' ')}\` (what \`npm run serve\` runs)`,
      command: [node, ...EDGE_ARGS],
      path: '/api/health',
      prepare: () => ({ env: serveEnv }),
    },
    {
      name: 'bare node:http holding the same files (bench/serve/hold-dist.mjs)',
      command: [node, 'bench/serve/hold-dist.mjs'],
      path: '/llms.txt',
      prepare: () => ({ env: bareEnv }),
    },
    {
      name: 'the edge, fresh: files out of the OS cache, compile cache empty',
      command: [node, ...EDGE_ARGS],
      path: '/api/health',
      prepare: () => {
        dropFromFileCache([...toFiles(BUNDLE_DIR), resolve('scripts/serve.mjs'), ...toBundleInputs(), ...toFiles(dist)]);
        return { env: { ...serveEnv, NODE_COMPILE_CACHE: emptyCache() } };
      },
    },
    {
      name: 'bare node:http, fresh: files out of the OS cache',
      command: [node, 'bench/serve/hold-dist.mjs'],
      path: '/llms.txt',
      prepare: () => {
        dropFromFileCache([resolve('bench/serve/hold-dist.mjs'), ...toFiles(dist)]);
        return { env: bareEnv };
      },
    },
    {
      name: 'a clean copy of the project: its first start makes the bundle',
      command: [node, ...EDGE_ARGS],
      path: '/api/health',
      prepare: () => {
        rmSync(join(clean, 'node_modules'), { recursive: true, force: true });
        return { env: { ...serveEnv, NODE_COMPILE_CACHE: emptyCache() }, cwd: clean };
      },
    },
    { name: '`npm run serve`', command: ['npm', 'run', '--silent', 'serve'], path: '/api/health', prepare: () => ({ env: serveEnv }) },
  ];
  const loadBefore = toLoad();
  const runs: StartTiming[][] = starters.map(() => []);
  try {
    for (let round = 0; round < config.BENCH_START_RUNS; round++) {
      for (const [i, starter] of starters.entries()) {
        const { env: vars, cwd, done } = starter.prepare();
        runs[i]!.push(await timeToHealthy(starter.command, vars, `${url}${starter.path}`, cwd));
        done?.();
      }
      for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
    removeProjectCopy(clean);
  }
  const loadAfter = toLoad();
  const result = runs.map((r) => ({
    ms: median(r.map((t) => t.ms)),
    cpuMs: median(r.map((t) => t.cpuMs)),
    rss: median(r.map((t) => t.rss)),
    range: `${num(Math.min(...r.map((t) => t.ms)))}–${num(Math.max(...r.map((t) => t.ms)))}`,
  }));
  const [edge, bare, edgeFresh, bareFresh] = result as [(typeof result)[0], (typeof result)[0], (typeof result)[0], (typeof result)[0]];
  return [
    '## Start',
    '',
    `From spawning the process to its first 200 (\`/api/health\` for the edge, \`/llms.txt\` for the bare server; polled every 5 ms), median of ${config.BENCH_START_RUNS} rounds, each starting every process below in turn; CPU is the process's user + system time at that moment, RSS its VmRSS 0.5 s later. The edge runs as deployed (access log on, metrics on their own port), over the same dist the bare server holds in memory. "Fresh" drops from the OS file cache what each process reads (the bundle and what lies beside it, its inputs, the dist; Node's own binary stays cached) and gives the edge an empty compile cache (\`NODE_COMPILE_CACHE\`): a first start on a new machine. The clean copy holds the project's sources without \`node_modules/.cache\`, so it bundles first. Load average before ${loadBefore}, after ${loadAfter}.`,
    '',
    toTable(
      ['process', 'ms to healthy (median)', 'range ms', 'CPU ms', 'RSS MiB after start'],
      starters.map((s, i) => [s.name, num(result[i]!.ms), result[i]!.range, num(result[i]!.cpuMs), num(result[i]!.rss)]),
    ),
    '',
    toTable(
      ['goal', 'measured', 'verdict'],
      [
        ['edge start ≤ 2× bare node:http', ratio(edge.ms, bare.ms), verdict(edge.ms / bare.ms <= 2)],
        ['edge RSS after start ≤ 1.5× bare', ratio(edge.rss, bare.rss), verdict(edge.rss / bare.rss <= 1.5)],
        ['fresh: edge / bare (no goal)', ratio(edgeFresh.ms, bareFresh.ms), '–'],
      ],
    ),
  ].join('\n');
}

/** The load averages over 1, 5 and 15 minutes. */
const toLoad = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** Every file under a folder (none when it does not exist). */
function toFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** The files the bundle was made from, as scripts/serve.mjs records them (it checks their times at start). */
function toBundleInputs(): string[] {
  const file = join(BUNDLE_DIR, 'inputs.json');
  return existsSync(file) ? Object.keys(JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>) : [];
}

/** Drops files from the OS page cache (GNU dd's `nocache` flag: posix_fadvise DONTNEED over the whole file). */
function dropFromFileCache(files: string[]): void {
  execFileSync('sh', ['-c', 'for f; do dd if="$f" iflag=nocache count=0 status=none; done', 'sh', ...files]);
}
