/**
 * Every page of the build through the worker in workerd, as a CDN deployment serves it: each page in HTML and,
 * negotiated, in markdown (both with Vary: Accept), and each twin at its own address. Run over the test
 * build and, in the `scale` project, over 5,000 generated pages.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker } from '../../scripts/worker-bundle.ts';
import { listFiles, toPagePathOfHtmlFile } from '../../runtime/node/list-files.ts';
import { PATHS, toTwinPath } from '../../facts/paths.ts';
import { DIST } from '../helpers/built-site.ts';
import { startWorker, type RunningWorker } from '../../harness/start-worker.ts';

const pages = listFiles(DIST)
  .filter((f) => f.endsWith('.html') && f !== '404.html')
  .map((file) => ({ file, path: toPagePathOfHtmlFile(file) }));
/** Both variants of a page vary by Accept and User-Agent (RFC 9110 §12.5.5), and by Accept-Encoding, as every text document. */
const VARY = 'Accept, User-Agent, Accept-Encoding';
const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
let worker: RunningWorker;

/** Runs `task` over `items`, `limit` at a time; returns the failures it reports. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<string | undefined>): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const failure = await task(items[next++]!);
        if (failure) failures.push(failure);
      }
    }),
  );
  return failures;
}

beforeAll(async () => {
  worker = await startWorker(DIST);
}, 120_000);

afterAll(async () => worker?.dispose());

describe(`all ${pages.length} pages through the worker`, () => {
  it('the worker script does not grow with the site: it is the same script as for a dist with no page at all', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'warden-no-pages-'));
    try {
      copyFileSync(join(DIST, PATHS.buildInfo), join(empty, PATHS.buildInfo));
      const bare = await bundleWorker({ distDir: empty, outFile: join(empty, 'worker.js') });
      expect(worker.bundle.bytes).toBe(bare.bytes);
      expect(worker.bundle.gzipBytes).toBeLessThan(1024 * 1024);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('every page: HTML by default, its twin for Accept: text/markdown, both with Vary: Accept; every twin at its own address', async () => {
    const failures = await eachLimited(pages, 16, async ({ file, path }) => {
      const html = await fetch(new URL(path, worker.origin), { headers: { accept: 'text/html' } });
      const htmlBody = Buffer.from(await html.arrayBuffer());
      if (html.status !== 200 || html.headers.get('content-type') !== 'text/html; charset=utf-8' || html.headers.get('vary') !== VARY)
        return `${path}: HTML ${html.status} ${html.headers.get('content-type')} vary ${html.headers.get('vary')}`;
      if (sha(htmlBody) !== sha(readFileSync(join(DIST, file)))) return `${path}: HTML differs from ${file}`;
      const twinFile = readFileSync(join(DIST, toTwinPath(path)), 'utf8');
      const md = await fetch(new URL(path, worker.origin), { headers: { accept: 'text/markdown' } });
      const mdBody = await md.text();
      if (
        md.status !== 200 ||
        md.headers.get('content-type') !== 'text/markdown; charset=utf-8' ||
        md.headers.get('vary') !== VARY ||
        mdBody !== twinFile
      )
        return `${path}: negotiated markdown ${md.status} ${md.headers.get('content-type')} vary ${md.headers.get('vary')}`;
      const twin = await fetch(new URL(toTwinPath(path), worker.origin));
      const twinBody = await twin.text();
      if (twin.status !== 200 || twin.headers.get('content-type') !== 'text/markdown; charset=utf-8' || twinBody !== twinFile)
        return `${toTwinPath(path)}: ${twin.status} ${twin.headers.get('content-type')}`;
      return undefined;
    });
    expect(failures.slice(0, 20), `${failures.length} of ${pages.length} pages`).toEqual([]);
  }, 600_000);
});
