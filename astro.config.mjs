// @ts-check
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
import { getContentDir, readContent } from './src/content/read-content.ts';
import { agentFiles } from './src/integrations/agent-files.ts';

// Validates all content before Astro starts: a bad file fails the build naming the file and field.
const content = readContent();
const { site } = content;

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
      components: {
        Head: './src/components/Head.astro',
        MarkdownContent: './src/components/MarkdownContent.astro',
        Sidebar: './src/components/Sidebar.astro',
      },
      // Each page's sidebar is its own section (src/route-data/section-navigation.ts, from the one page list); an
      // empty sidebar here keeps Starlight from building, cloning and rendering every link into every page.
      sidebar: [],
      routeMiddleware: './src/route-data/section-navigation.ts',
    }),
    agentFiles(content),
  ],
});
