// @ts-check
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
import { satteri } from '@astrojs/markdown-satteri';
import { getContentDir, readContent } from './src/content/read-content.ts';
import { agentFiles } from './src/integrations/agent-files.ts';
import { toGeneratedRoutes } from './src/lib/to-routes.ts';
import { toPlaceholders } from './src/lib/fill-placeholders.ts';
import { fillPagePlaceholders } from './src/integrations/page-placeholders.ts';

// Validates all content before Astro starts: a bad file fails the build naming the file and field.
const content = readContent();
const { site } = content;

// Starlight autogenerates from entry file paths relative to src/content/docs; ours live in the content folder,
// so the directory is given from the project root (content/docs).
const guidesDir = `${relative(process.cwd(), getContentDir()).replace(/\\/g, '/')}/docs`;
/** @param {{ label: string, path: string, method?: string }} route */
const toLink = (route) => ({
  label: route.label,
  link: route.path,
  // An operation's method as a badge beside its path.
  ...(route.method ? { badge: { text: route.method.toUpperCase(), variant: /** @type {'success' | 'note'} */ (route.method === 'get' ? 'success' : 'note') } } : {}),
});
// The one list of generated pages (also what the page list and every getStaticPaths use).
const routes = toGeneratedRoutes(content);
/** @param {import('./src/lib/to-routes.ts').GeneratedRoute} route */
const toItem = (route) => {
  const nested = routes.filter((r) => r.parent === route.path);
  return nested.length ? { label: route.title, collapsed: true, items: [{ label: 'Overview', link: route.path }, ...nested.map(toLink)] } : toLink(route);
};
const topLevel = routes.filter((r) => !r.parent);

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
  vite: { envPrefix: ['PUBLIC_', 'BASE_URL'], resolve: { alias: { '@components': fileURLToPath(new URL('./src/components', import.meta.url)) } } },
  integrations: [
    starlight({
      title: site.product.name,
      description: site.product.tagline,
      markdown: { processedDirs: [getContentDir()] },
      favicon: '/favicon.svg',
      // Long lines wrap instead of scrolling sideways, so no code block is wider than its column at 390 px.
      expressiveCode: { defaultProps: { wrap: true } },
      // The title, sidebar and prev/next links name the public page addresses, without `.html`.
      routeMiddleware: './src/route-data/clean-links.ts',
      components: {
        Head: './src/components/Head.astro',
        MarkdownContent: './src/components/MarkdownContent.astro',
        Hero: './src/components/home/Hero.astro',
      },
      sidebar: [
        { label: 'Guides', items: [{ autogenerate: { directory: guidesDir } }, ...topLevel.filter((r) => r.section === 'Docs').map(toItem)] },
        { label: 'Reference', items: topLevel.filter((r) => r.section !== 'Docs').map(toItem) },
      ],
    }),
    agentFiles(content),
  ],
});
