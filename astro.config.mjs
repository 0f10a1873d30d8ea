// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
import sitemap from '@astrojs/sitemap';
import { satteri } from '@astrojs/markdown-satteri';
import { getContentDir, readContent } from './content-model/read-content.ts';
import { agentFiles } from './src/integrations/agent-files.ts';
import { precompress } from './src/integrations/precompress.ts';
import { searchIndex } from './src/integrations/search-index.ts';
import { toPlaceholders } from './content-model/fill-placeholders.ts';
import { fillPagePlaceholders } from './src/integrations/page-placeholders.ts';
import { webMcpToolsModule } from './src/integrations/webmcp-tools.ts';
import { UNLISTED_PAGES } from './facts/paths.ts';

/**
 * Rolldown's log handler, without the one warning every MDX page raises (below); every other log passes as it came.
 * @type {NonNullable<import('rolldown').InputOptions['onLog']>}
 */
function dropHeadInjectWarning(level, log, handler) {
  if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('astro:head-inject')) return;
  handler(level, log);
}

// Validates all content before Astro starts: a bad file fails the build naming the file and field.
const content = readContent();
const { site } = content;

export default defineConfig({
  site: site.base_url,
  trailingSlash: 'never',
  build: { format: 'file' },
  // Pages name the build's addresses as {base_url}, {app_url}, …; the HTML gets them filled, and so the twins.
  markdown: { processor: satteri({ mdastPlugins: [fillPagePlaceholders(toPlaceholders(site))] }) },
  outDir: process.env.WARDEN_OUT_DIR ?? './dist',
  // BASE_URL names this site's public origin (see README), but Astro would also put the variable in place of
  // import.meta.env.BASE_URL, the path base, in every server module, turning Starlight's links absolute. A
  // variable with a public prefix is left out of that; Vite's own BASE_URL (the base, "/") wins over it.
  // `@components/…` in MDX pages resolves wherever the content folder is (WARDEN_CONTENT_DIR may be elsewhere).
  // The WebMCP tool definitions reach the browser as a module made from content (src/integrations/webmcp-tools.ts).
  vite: {
    plugins: [webMcpToolsModule(content)],
    // Astro marks MDX modules with a "use astro:head-inject" directive that Rolldown warns it may not keep when
    // bundling; Astro reads the mark before bundling, so the warning says nothing a reader can act on.
    build: { rolldownOptions: { onLog: dropHeadInjectWarning } },
    envPrefix: ['PUBLIC_', 'BASE_URL'],
    resolve: { alias: { '@components': fileURLToPath(new URL('./src/components', import.meta.url)) } },
  },
  integrations: [
    // Astro's sitemap (sitemap-index.xml), which Starlight would add with no options: every page of the docs, and none
    // of the pages that are not (the operator's feedback page).
    sitemap({ filter: (page) => !UNLISTED_PAGES.includes(new URL(page).pathname) }),
    starlight({
      title: site.product.name,
      description: site.product.tagline,
      markdown: { processedDirs: [getContentDir()] },
      favicon: '/favicon.svg',
      // Long lines wrap instead of scrolling sideways, so no code block is wider than its column at 390 px.
      expressiveCode: { defaultProps: { wrap: true } },
      components: {
        Head: './src/components/Head.astro',
        MarkdownContent: './src/components/MarkdownContent.astro',
        Hero: './src/components/home/Hero.astro',
        Sidebar: './src/components/Sidebar.astro',
        PageFrame: './src/components/PageFrame.astro',
        TwoColumnContent: './src/components/TwoColumnContent.astro',
        Search: './src/components/Search.astro',
      },
      // The search box reads the site's own index (runtime/search, the one /api/search answers from): no Pagefind.
      pagefind: false,
      // content/404.md is a docs page like any other, rendered at /404 by the docs route; Starlight's own 404 route
      // would render the same page a second time.
      disable404Route: true,
      // Each page's sidebar is its own section (src/route-data/section-navigation.ts, from the one page list); an
      // empty sidebar here keeps Starlight from building, cloning and rendering every link into every page.
      sidebar: [],
      // Then the title, sidebar and prev/next links name the public page addresses, without `.html`.
      routeMiddleware: ['./src/route-data/section-navigation.ts', './src/route-data/clean-links.ts'],
    }),
    agentFiles(content),
    // After the twins: the search index the edge answers /api/search from.
    searchIndex(content),
    // Last, once every file is written: brotli and gzip variants beside each text file.
    precompress(),
  ],
});
