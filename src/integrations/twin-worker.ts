// Worker thread of convert-twins.ts: converts its share of the built pages to markdown twins.
// Runs as plain Node (type stripping), so it imports only erasable TypeScript.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { toPagePathOfHtmlFile } from '../lib/list-files.ts';
import { toMarkdownTwin } from '../lib/to-markdown-twin.ts';
import type { TwinJob } from './convert-twins.ts';

const { out, files, baseUrl, pagePaths, llmsUrl } = workerData as TwinJob;
try {
  const known = new Set(pagePaths);
  for (const file of files) {
    const html = readFileSync(join(out, file), 'utf8');
    const twin = toMarkdownTwin(html, { pagePath: toPagePathOfHtmlFile(file), baseUrl, pagePaths: known, llmsUrl });
    writeFileSync(join(out, file.replace(/\.html$/, '.md')), twin);
  }
  parentPort?.postMessage({ ok: true });
} catch (error) {
  parentPort?.postMessage({ ok: false, message: (error as Error).message });
}
