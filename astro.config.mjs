// @ts-check
import { relative } from 'node:path';
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
import { getContentDir, readContent } from './src/content/read-content.ts';
import { agentFiles } from './src/integrations/agent-files.ts';
import { REFERENCE_PATHS, toOperationPath, toToolPath } from './src/lib/reference-paths.ts';

// Validates all content before Astro starts: a bad file fails the build naming the file and field.
const content = readContent();
const { site, pages, operations, tools } = content;

// Starlight autogenerates from entry file paths relative to src/content/docs; ours live in the content folder,
// so the directory is given from the project root (content/docs).
const guidesDir = `${relative(process.cwd(), getContentDir()).replace(/\\/g, '/')}/docs`;
/** @param {{ title: string, path: string }} page */
const toLink = (page) => ({ label: page.title, link: page.path });
/**
 * The per-operation and per-tool pages, nested under their overview page in the sidebar.
 * @type {Record<string, Array<{ label: string, link: string, badge?: { text: string, variant: 'success' | 'note' } }>>}
 */
const children = {
  [REFERENCE_PATHS.endpoints]: operations.map((op) => ({
    label: op.path,
    link: toOperationPath(op.operationId),
    badge: { text: op.method.toUpperCase(), variant: /** @type {'success' | 'note'} */ (op.method === 'get' ? 'success' : 'note') },
  })),
  [REFERENCE_PATHS.tools]: tools.map((t) => ({ label: t.name, link: toToolPath(t.name) })),
};

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
      },
      sidebar: [
        { label: 'Guides', items: [{ autogenerate: { directory: guidesDir } }, ...pages.filter((p) => p.section === 'Docs').map(toLink)] },
        {
          label: 'Reference',
          items: pages
            .filter((p) => p.section !== 'Docs')
            .map((p) => {
              const nested = children[p.path];
              return nested ? { label: p.title, collapsed: true, items: [{ label: 'Overview', link: p.path }, ...nested] } : toLink(p);
            }),
        },
      ],
    }),
    agentFiles(content),
  ],
});
