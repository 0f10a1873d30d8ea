import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from '../lib/bench-config.ts';
import { createBareSite, createOurSite } from '../lib/generated-site.ts';
import { num, ratio, toTable, verdict } from '../lib/report.ts';
import { listFiles } from '../../runtime/node/list-files.ts';
import { removeProjectCopy } from '../../harness/project-copy.ts';
import { bundleWorker } from '../../scripts/worker-bundle.ts';
import { toAstroBuildCommand } from '../../scripts/run-build.ts';
import { PATHS } from '../../facts/paths.ts';

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const MB = 1024 * 1024;
/** Workers Static Assets limits per version: files, and bytes per file. */
const ASSET_FILES_LIMIT = 20_000;
const ASSET_BYTES_LIMIT = 25 * MB;
// Files wrangler reads but does not upload (dist/.assetsignore names _build.json).
const NOT_UPLOADED = new Set([PATHS.buildInfo, PATHS.cdnHeaders, PATHS.cdnRedirects, PATHS.assetsIgnore].map((p) => p.slice(1)));

/** One `astro build`: wall seconds and peak RSS in MB (GNU time -v, the largest process). */
function build(cwd: string, env: Record<string, string>): { seconds: number; peakMb: number } {
  const astro = toAstroBuildCommand();
  const [file, args] = TIME ? [TIME, ['-v', astro.file, ...astro.args]] : [astro.file, astro.args];
  const start = performance.now();
  const r = spawnSync(file, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 256 * MB,
    timeout: 3_600_000,
  });
  const seconds = (performance.now() - start) / 1000;
  if (r.status !== 0) throw new Error(`astro build in ${cwd} failed:\n${(r.stderr ?? '').slice(-3000)}`);
  const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr ?? '')?.[1] ?? NaN);
  return { seconds, peakMb: kb / 1024 };
}

/**
 * Whether `.assetsignore` (gitignore syntax, as the build writes it: `*.css.br` anywhere, `/install.br` at the root)
 * keeps a dist file out of the upload.
 */
function toIgnored(dir: string): (file: string) => boolean {
  const patterns = existsSync(join(dir, PATHS.assetsIgnore))
    ? readFileSync(join(dir, PATHS.assetsIgnore), 'utf8').split('\n').filter(Boolean)
    : [];
  const rules = patterns.map((pattern) => {
    const anchored = pattern.startsWith('/') || pattern.slice(0, -1).includes('/');
    const glob = pattern
      .replace(/^\//, '')
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[^/]*');
    return new RegExp(anchored ? `^${glob}$` : `(^|/)${glob}$`);
  });
  return (file) => rules.some((rule) => rule.test(file));
}

/** What a built dist folder holds: bytes and files, HTML bytes per page, and what Workers Static Assets would upload. */
function measureDist(dir: string) {
  const files = listFiles(dir).map((f) => ({ f, bytes: statSync(join(dir, f)).size }));
  const html = files.filter((x) => x.f.endsWith('.html'));
  const ignored = toIgnored(dir);
  const uploaded = files.filter((x) => !NOT_UPLOADED.has(x.f) && !ignored(x.f));
  return {
    bytes: files.reduce((n, x) => n + x.bytes, 0),
    files: files.length,
    htmlPerPage: html.reduce((n, x) => n + x.bytes, 0) / html.length,
    assets: uploaded.length,
    largest: Math.max(...uploaded.map((x) => x.bytes)),
  };
}

type Run = ReturnType<typeof build>;
type Dist = ReturnType<typeof measureDist>;
interface Row {
  label: string;
  count: number;
  ours: Run;
  bare: Run;
  ourDist: Dist;
  bareDist: Dist;
  worker: { bytes: number; gzipBytes: number };
}

/**
 * Our build of the real content (+N generated pages in sections of 100, ~8-word titles and ~25-word descriptions)
 * against bare Astro + Starlight with the same markdown pages, side by side: time, peak memory, output; then the
 * worker script and the Workers Static Assets limits for each of our builds.
 */
export async function benchBuild(pageCounts: number[], runs: number): Promise<string> {
  const rows: Row[] = [];
  for (const count of [0, ...pageCounts]) {
    const ours: Run[] = [];
    const bare: Run[] = [];
    const ourDir = createOurSite(count);
    const bareDir = createBareSite(count);
    const out = mkdtempSync(join(tmpdir(), 'warden-bench-out-'));
    try {
      let ourDist: Dist | undefined;
      let bareDist: Dist | undefined;
      for (let i = 0; i < runs; i++) {
        rmSync(out, { recursive: true, force: true });
        ours.push(
          build(ourDir, {
            WARDEN_OUT_DIR: out,
            BASE_URL: 'https://docs.warden.example',
            APP_URL: 'https://app.warden.example',
            AUTH_ISSUER: 'https://app.warden.example',
          }),
        );
        ourDist = measureDist(out);
        rmSync(join(bareDir, 'dist'), { recursive: true, force: true });
        bare.push(build(bareDir, {}));
        bareDist = measureDist(join(bareDir, 'dist'));
        // The bare site's 5,000 pages take gigabytes: kept no longer than measured.
        rmSync(join(bareDir, 'dist'), { recursive: true, force: true });
      }
      const worker = await bundleWorker({ distDir: out, outFile: join(out, '..', `warden-bench-worker-${count}.js`) });
      rmSync(worker.outFile, { force: true });
      rows.push({
        label: count === 0 ? 'real content' : `real content + ${num(count)} generated pages`,
        count,
        ours: pick(ours),
        bare: pick(bare),
        ourDist: ourDist!,
        bareDist: bareDist!,
        worker,
      });
    } finally {
      rmSync(out, { recursive: true, force: true });
      removeProjectCopy(ourDir);
      removeProjectCopy(bareDir);
    }
  }
  return toReport(rows, runs);
}

function pick(list: Run[]): Run {
  return { seconds: median(list.map((r) => r.seconds)), peakMb: median(list.map((r) => r.peakMb)) };
}

/** The goal for a row: within 1.3× of bare up to 1,000 generated pages, below bare at 5,000. */
const meets = (count: number, r: number) => (count >= 5_000 ? r < 1 : r <= 1.3);
const goalText = (count: number) => (count >= 5_000 ? '< 1×' : '≤ 1.3×');

function toReport(rows: Row[], runs: number): string {
  const time = rows.map((r) => [
    r.label,
    r.ours.seconds.toFixed(1),
    r.bare.seconds.toFixed(1),
    ratio(r.ours.seconds, r.bare.seconds),
    goalText(r.count),
    verdict(meets(r.count, r.ours.seconds / r.bare.seconds)),
    `${r.ours.peakMb.toFixed(0)} / ${r.bare.peakMb.toFixed(0)}`,
    ratio(r.ours.peakMb, r.bare.peakMb),
    goalText(r.count),
    verdict(meets(r.count, r.ours.peakMb / r.bare.peakMb)),
  ]);
  const output = rows.map((r) => [
    r.label,
    `${(r.ourDist.bytes / MB).toFixed(0)} / ${(r.bareDist.bytes / MB).toFixed(0)}`,
    ratio(r.ourDist.bytes, r.bareDist.bytes),
    `${num(r.ourDist.files)} / ${num(r.bareDist.files)}`,
    `${num(r.ourDist.htmlPerPage)} / ${num(r.bareDist.htmlPerPage)}`,
  ]);
  const generated = rows.filter((r) => r.count > 0);
  const first = generated[0];
  const flat = generated.slice(1).map((r) => {
    const change = r.ourDist.htmlPerPage / first!.ourDist.htmlPerPage - 1;
    const bareChange = r.bareDist.htmlPerPage / first!.bareDist.htmlPerPage - 1;
    return [
      `${num(first!.count)} → ${num(r.count)} generated pages`,
      `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%`,
      `+${(bareChange * 100).toFixed(0)}%`,
      'within ±10%',
      verdict(Math.abs(change) <= 0.1),
    ];
  });
  const worker = rows.map((r) => [
    r.label,
    `${num(r.worker.bytes / 1024)} KiB`,
    `${num(r.worker.gzipBytes / 1024)} KiB`,
    verdict(r.worker.gzipBytes < MB && r.worker.bytes === rows[0]!.worker.bytes),
    `${num(r.ourDist.assets)} of ${num(ASSET_FILES_LIMIT)}`,
    verdict(r.ourDist.assets <= ASSET_FILES_LIMIT),
    `${(r.ourDist.largest / MB).toFixed(2)} MiB of 25 MiB`,
    verdict(r.ourDist.largest <= ASSET_BYTES_LIMIT),
  ]);
  return [
    '## Build',
    '',
    `\`astro build\` (Node ${process.version}), median of ${runs} run(s) each, ours and bare alternating. Generated pages: ~450 words each with a ~9-word title and a ~26-word description, in sections of 100 pages (five folders of 20 each), the shape of a large API company's docs. Bare = Astro + Starlight with the same markdown pages in the same folders (Starlight's default sidebar of every page) and none of our outputs (reference pages from data, twins, llms.txt files, OpenAPI, manifests, installer). Peak memory: GNU \`time -v\` maximum RSS of the largest process. Goal: within 1.3× of bare up to 1,000 generated pages, below bare at 5,000.`,
    '',
    toTable(
      ['site', 'ours s', 'bare s', 'time ratio', 'goal', 'verdict', 'peak RSS MB (ours / bare)', 'memory ratio', 'goal', 'verdict'],
      time,
    ),
    '',
    '### Output',
    '',
    toTable(['site', 'dist MB (ours / bare)', 'ratio', 'files (ours / bare)', 'HTML bytes per page (ours / bare)'], output),
    '',
    ...(flat.length
      ? [
          'HTML bytes per page as the site grows (each page carries its own section and the list of sections, not every page):',
          '',
          toTable(['growth', 'ours', 'bare', 'goal', 'verdict'], flat),
          '',
        ]
      : []),
    '### Worker script and Workers Static Assets limits',
    '',
    "The worker script carries the app and the build facts only (`npm run bundle:worker`); `dist/` is the worker's static assets. Goal: the same script at every size, under 1 MiB gzipped; uploaded files (dist less `_build.json`, `_headers`, `_redirects`, `.assetsignore` and what `.assetsignore` names: the precompressed variants) within the per-version limits.",
    '',
    toTable(['site', 'script', 'gzipped', 'same at every size, < 1 MiB', 'asset files', 'verdict', 'largest file', 'verdict'], worker),
  ].join('\n');
}
