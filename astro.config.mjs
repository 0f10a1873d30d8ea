// @ts-check
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
import { getContentDir, readContent } from './src/content/read-content.ts';
import { agentFiles } from './src/integrations/agent-files.ts';

// Validates all content before Astro starts: a bad file fails the build naming the file and field.
const { site, pages } = readContent();

export default defineConfig({
  site: site.base_url,
  trailingSlash: 'never',
  build: { format: 'file' },
  outDir: process.env.WARDEN_OUT_DIR ?? './dist',
  integrations: [
    starlight({
      title: site.product.name,
      description: site.product.tagline,
      markdown: { processedDirs: [getContentDir()] },
      components: { Head: './src/components/Head.astro' },
      sidebar: [
        { label: 'Guides', items: [{ autogenerate: { directory: 'docs' } }] },
        { label: 'Reference', items: pages.map((p) => ({ label: p.title, link: p.path })) },
      ],
    }),
    agentFiles(),
  ],
});
