import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { convertTwins } from '../../../../src/integrations/convert-twins.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const page = (n: number) =>
  `<html><head><meta name="description" content="Page ${n}."></head><body><main><h1>Page ${n}</h1>` +
  `<div class="sl-markdown-content"><h2 id="a">Part ${n}</h2><p>See <a href="/p${n + 1}">next</a>.</p></div></main></body></html>`;

function site(count: number, broken?: number): { out: string; files: string[] } {
  const out = mkdtempSync(join(tmpdir(), 'warden-twins-'));
  dirs.push(out);
  const files = Array.from({ length: count }, (_, n) => {
    writeFileSync(join(out, `p${n}.html`), n === broken ? '<html><body><main></main></body></html>' : page(n));
    return `p${n}.html`;
  });
  return { out, files };
}

const job = (out: string, files: string[]) => ({
  out,
  files,
  baseUrl: 'https://warden.example',
  pagePaths: files.map((f) => `/${f.replace('.html', '')}`),
  preamble: 'Every page: https://warden.example/llms.txt',
});

describe('convertTwins', () => {
  it.each([
    [20, 'on the main thread'],
    [400, 'on worker threads'],
  ])('writes the twin of every one of %i pages (%s)', async (count) => {
    const { out, files } = site(count);
    await convertTwins(job(out, files));
    for (const file of files) expect(existsSync(join(out, file.replace('.html', '.md'))), file).toBe(true);
    expect(readFileSync(join(out, 'p7.md'), 'utf8')).toContain('## Part 7\n\nSee [next](https://warden.example/p8.md).');
  });

  it('rejects, naming the page, when a page cannot be converted (on workers too)', async () => {
    const { out, files } = site(400, 333);
    await expect(convertTwins(job(out, files))).rejects.toThrow(/\/p333: no \.sl-markdown-content/);
  });
});
