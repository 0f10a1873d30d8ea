import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median } from '../lib/bench-config.ts';
import { createBareSite, createOurSite } from '../lib/generated-site.ts';
import { ratio, toTable, verdict } from '../lib/report.ts';
import { listFiles } from '../../runtime/node/list-files.ts';
import { removeProjectCopy } from '../../harness/project-copy.ts';

const ASTRO = resolve('node_modules/astro/bin/astro.mjs');
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/** One `astro build`: wall seconds, peak RSS in MB (GNU time -v, the largest process), and files written. */
function build(cwd: string, env: Record<string, string>, outDir: string): { seconds: number; peakMb: number; files: number } {
  const args = TIME ? ['-v', process.execPath, ASTRO, 'build'] : [ASTRO, 'build'];
  const start = performance.now();
  const r = spawnSync(TIME ?? process.execPath, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: 600_000 });
  const seconds = (performance.now() - start) / 1000;
  if (r.status !== 0) throw new Error(`astro build in ${cwd} failed:\n${(r.stderr ?? '').slice(-3000)}`);
  const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr ?? '')?.[1] ?? NaN);
  return { seconds, peakMb: kb / 1024, files: existsSync(outDir) ? listFiles(outDir).length : 0 };
}

/** Our build of the real content (+N generated pages) vs a bare Astro + Starlight site of the same pages. */
export async function benchBuild(pageCounts: number[], runs: number): Promise<string> {
  const rows: (string | number)[][] = [];
  for (const count of [0, ...pageCounts]) {
    const ours: ReturnType<typeof build>[] = [];
    const bare: ReturnType<typeof build>[] = [];
    const ourDir = createOurSite(count);
    const bareDir = createBareSite(count);
    try {
      for (let i = 0; i < runs; i++) {
        const out = mkdtempSync(join(tmpdir(), 'warden-bench-out-'));
        ours.push(build(ourDir, { WARDEN_OUT_DIR: out, BASE_URL: 'http://a.io', APP_URL: 'http://b.io', AUTH_ISSUER: 'http://b.io' }, out));
        rmSync(out, { recursive: true, force: true });
        rmSync(join(bareDir, 'dist'), { recursive: true, force: true });
        bare.push(build(bareDir, {}, join(bareDir, 'dist')));
      }
    } finally {
      removeProjectCopy(ourDir);
      removeProjectCopy(bareDir);
    }
    const s = (list: typeof ours, k: 'seconds' | 'peakMb' | 'files') => median(list.map((x) => x[k]));
    const cost = s(ours, 'seconds') / s(bare, 'seconds');
    rows.push([count === 0 ? 'real content' : `real content + ${count} generated pages`, s(ours, 'seconds').toFixed(1), s(bare, 'seconds').toFixed(1), ratio(s(ours, 'seconds'), s(bare, 'seconds')),
      `+${Math.round((cost - 1) * 100)}%`, '≤ +30%', verdict(cost <= 1.3), `${s(ours, 'peakMb').toFixed(0)} / ${s(bare, 'peakMb').toFixed(0)}`, `${s(ours, 'files')} / ${s(bare, 'files')}`]);
  }
  return [
    '## Build',
    '',
    `\`astro build\` (Node ${process.version}), median of ${runs} run(s) each; generated pages are ~450 words each with a short title (\`G<n>\`) and no description, and the site is built for the short base URL \`http://a.io\`, because llms.txt lists every page and our build refuses an llms.txt over 50,000 characters — with descriptive titles and descriptions a 1,000-page site fails our build (140,424 characters measured); bare = Astro + Starlight with the same markdown pages (the real docs pages and the generated ones) and none of our outputs (reference pages from data, twins, llms.txt, llms-full.txt, OpenAPI, manifests, installer). Peak memory: GNU \`time -v\` maximum RSS.`,
    '',
    toTable(['site', 'ours s', 'bare s', 'ratio', 'extra cost', 'target', 'verdict', 'peak RSS MB (ours / bare)', 'files (ours / bare)'], rows),
  ].join('\n');
}
