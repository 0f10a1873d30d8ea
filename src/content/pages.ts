import { getCollection } from 'astro:content';
import { getContent } from './content.ts';
import { toGeneratedRoutes } from '../lib/to-routes.ts';

/** One HTML page of the site, as llms.txt and the reference pages list it. */
export interface PageInfo {
  path: string;
  title: string;
  description: string;
  section: string;
  order: number;
}

/**
 * Every HTML page of the site: the docs collection (home first, then sidebar order), then the generated pages of
 * content/pages.yaml, each followed by its per-operation or per-tool pages (listed under the parent's title).
 */
export async function getPages(): Promise<PageInfo[]> {
  // The 404 page is an error page, not a page to list.
  const docs = await getCollection('docs', (entry) => entry.id !== '404');
  const fromDocs = docs.map((entry) => ({
    path: entry.id === 'index' ? '/' : `/${entry.id}`,
    title: entry.data.title,
    description: entry.data.description ?? '',
    section: 'Docs',
    order: entry.id === 'index' ? -1 : (entry.data.sidebar.order ?? 1000),
  }));
  const generated = toGeneratedRoutes(getContent()).map(({ path, title, description, section }) => ({ path, title, description, section }));
  return [
    ...fromDocs.sort((a, b) => a.order - b.order || a.path.localeCompare(b.path)),
    ...generated.map((p, i) => ({ ...p, order: i })),
  ];
}
