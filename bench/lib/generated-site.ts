import { cpSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { COPY_ROOT, copyProject } from '../../harness/project-copy.ts';
import { writeGeneratedPages } from '../../harness/generated-pages.ts';

/** A copy of this project (config, src, real content) plus `count` generated pages under content/docs: our site with N more pages. */
export function createOurSite(count: number): string {
  const dir = copyProject('bench-ours-');
  writeGeneratedPages(join(dir, 'content', 'docs'), count);
  return dir;
}

/**
 * A bare Astro + Starlight project with the same markdown pages (the real docs pages plus the generated
 * ones, in the same folders) and nothing of ours: Starlight's default sidebar of every page, no reference
 * pages, twins, llms.txt, OpenAPI or manifests.
 */
export function createBareSite(count: number): string {
  mkdirSync(COPY_ROOT, { recursive: true });
  const dir = mkdtempSync(join(COPY_ROOT, 'bench-bare-'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'bare-site', private: true, type: 'module', dependencies: { astro: '*', '@astrojs/starlight': '*' } }),
  );
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    [
      "import { defineConfig } from 'astro/config';",
      "import starlight from '@astrojs/starlight';",
      "export default defineConfig({ site: 'http://127.0.0.1:4321', trailingSlash: 'never', build: { format: 'file' }, integrations: [starlight({ title: 'Bare' })] });",
      '',
    ].join('\n'),
  );
  mkdirSync(join(dir, 'src', 'content', 'docs', 'docs'), { recursive: true });
  writeFileSync(
    join(dir, 'src', 'content.config.ts'),
    [
      "import { defineCollection } from 'astro:content';",
      "import { glob } from 'astro/loaders';",
      "import { docsSchema } from '@astrojs/starlight/schema';",
      "export const collections = { docs: defineCollection({ loader: glob({ base: './src/content/docs', pattern: '**/[^_]*.{md,mdx}' }), schema: docsSchema() }) };",
      '',
    ].join('\n'),
  );
  const docs = join(dir, 'src', 'content', 'docs');
  writeFileSync(join(docs, 'index.md'), '---\ntitle: Bare\ndescription: The bare comparison site.\n---\n\nHome.\n');
  for (const f of readdirSync(resolve('content/docs')).filter((f) => f.endsWith('.md')))
    cpSync(resolve('content/docs', f), join(docs, 'docs', f));
  writeGeneratedPages(join(docs, 'docs'), count);
  return dir;
}
