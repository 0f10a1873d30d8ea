import { cpSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { COPY_ROOT, copyProject } from '../../harness/project-copy.ts';

const WORDS = 'agent jail review sign-off audit budget fleet merge gate workflow run harness lesson policy scope token'.split(' ');

/**
 * One deterministic generated docs page (~450 words, a list, a table, a code block), as markdown with front matter.
 * Short title, no description: llms.txt lists every page and refuses to pass 50,000 characters, which
 * descriptive entries exceed at 1,000 pages (BENCHMARKS.md says so).
 */
export function toGeneratedPage(i: number): string {
  const sentence = (k: number) => `${Array.from({ length: 12 }, (_, j) => WORDS[(i * 7 + k * 3 + j) % WORDS.length]).join(' ')}.`;
  const para = (k: number) => Array.from({ length: 6 }, (_, j) => sentence(k * 6 + j)).join(' ');
  return [
    '---', `title: G${i}`, '---', '',
    para(1), '', `## Section ${i}.1`, '', para(2), '', '- first point', '- second point', '- third point', '',
    '| field | meaning |', '| --- | --- |', `| run_${i} | ${sentence(3)} |`, `| gate_${i} | ${sentence(4)} |`, '',
    '```sh', `curl -s http://127.0.0.1:4321/api/health # page ${i}`, '```', '', `## Section ${i}.2`, '', para(3), '', para(4), '',
  ].join('\n');
}

function writePages(dir: string, count: number): void {
  mkdirSync(dir, { recursive: true });
  for (let i = 1; i <= count; i++) writeFileSync(join(dir, `${i}.md`), toGeneratedPage(i));
}

/** A copy of this project (config, src, real content) plus `count` generated pages under content/docs/gen: our site with N more pages. */
export function createOurSite(count: number): string {
  const dir = copyProject('bench-ours-');
  if (count > 0) writePages(join(dir, 'content', 'docs', 'g'), count);
  return dir;
}

/**
 * A bare Astro + Starlight project with the same markdown pages (the real docs pages plus the generated
 * ones) and nothing of ours: no reference pages, twins, llms.txt, OpenAPI or manifests.
 */
export function createBareSite(count: number): string {
  mkdirSync(COPY_ROOT, { recursive: true });
  const dir = mkdtempSync(join(COPY_ROOT, 'bench-bare-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bare-site', private: true, type: 'module', dependencies: { astro: '*', '@astrojs/starlight': '*' } }));
  writeFileSync(join(dir, 'astro.config.mjs'), [
    "import { defineConfig } from 'astro/config';", "import starlight from '@astrojs/starlight';",
    "export default defineConfig({ site: 'http://127.0.0.1:4321', trailingSlash: 'never', build: { format: 'file' }, integrations: [starlight({ title: 'Bare' })] });", '',
  ].join('\n'));
  mkdirSync(join(dir, 'src', 'content', 'docs', 'docs'), { recursive: true });
  writeFileSync(join(dir, 'src', 'content.config.ts'), [
    "import { defineCollection } from 'astro:content';", "import { glob } from 'astro/loaders';", "import { docsSchema } from '@astrojs/starlight/schema';",
    "export const collections = { docs: defineCollection({ loader: glob({ base: './src/content/docs', pattern: '**/[^_]*.{md,mdx}' }), schema: docsSchema() }) };", '',
  ].join('\n'));
  const docs = join(dir, 'src', 'content', 'docs');
  writeFileSync(join(docs, 'index.md'), '---\ntitle: Bare\ndescription: The bare comparison site.\n---\n\nHome.\n');
  for (const f of readdirSync(resolve('content/docs')).filter((f) => f.endsWith('.md'))) cpSync(resolve('content/docs', f), join(docs, 'docs', f));
  if (count > 0) writePages(join(docs, 'docs', 'g'), count);
  return dir;
}
