import { relative } from 'node:path';
import { getCollection } from 'astro:content';
import { getContent } from '../../content-model/content.ts';
import { getContentDir } from '../../content-model/read-content.ts';
import { toGeneratedRoutes } from '../../documents/to-routes.ts';
import { toNavigation, type Navigation, type NavPage } from '../../documents/to-navigation.ts';

/** One HTML page of the site, as llms.txt and the reference pages list it. */
export interface PageInfo {
  path: string;
  title: string;
  description: string;
  /** The H2 llms.txt lists it under: `Docs`, the folders of a docs page below content/docs, or a generated page's section. */
  section: string;
}

/** A docs collection page with what the page list and the navigation need. */
interface DocsPage extends PageInfo {
  nav: NavPage;
  /** Not in the navigation: the home page and pages whose front matter says `sidebar.hidden`. */
  hidden: boolean;
}

const NAV_LABELS = { guides: 'Guides', reference: 'Reference' };
let docsPages: Promise<DocsPage[]> | undefined;
let navigation: Promise<Navigation> | undefined;

/** The docs collection once per build (404 and the home page are not navigation pages), in navigation order within each folder. */
function getDocsPages(): Promise<DocsPage[]> {
  docsPages ??= (async () => {
    const docsDir = `${getContentDir()}/docs`;
    const entries = await getCollection('docs', (entry) => entry.id !== '404');
    return entries.map((entry) => {
      const path = entry.id === 'index' ? '/' : `/${entry.id}`;
      const file = entry.filePath ? relative(docsDir, entry.filePath).replace(/\\/g, '/') : '';
      const folders = file.startsWith('..') ? [] : file.split('/').slice(0, -1);
      const { sidebar } = entry.data;
      return {
        path,
        title: entry.data.title,
        description: entry.data.description ?? '',
        section: folders.length ? folders.join(' / ') : 'Docs',
        nav: {
          path,
          label: sidebar.label ?? entry.data.title,
          folders,
          order: entry.id === 'index' ? -1 : (sidebar.order ?? 1000),
          badge: sidebar.badge as NavPage['badge'],
          area: 'guides',
        },
        hidden: sidebar.hidden || entry.id === 'index',
      } satisfies DocsPage;
    });
  })();
  return docsPages;
}

// Numeric collation: `area-9` before `area-10`, `p2` before `p10`.
const collator = new Intl.Collator('en', { numeric: true });
const byPlace = (a: DocsPage, b: DocsPage) =>
  collator.compare(a.nav.folders.join('/'), b.nav.folders.join('/')) || a.nav.order - b.nav.order || collator.compare(a.path, b.path);

/**
 * Every HTML page of the site: the docs collection (home first, then top-level pages, then each folder, in sidebar
 * order), then the generated pages of content/pages.yaml, each followed by its per-operation or per-tool pages.
 */
export async function getPages(): Promise<PageInfo[]> {
  const docs = [...(await getDocsPages())].sort(byPlace);
  const generated = toGeneratedRoutes(getContent()).map(({ path, title, description, section }) => ({ path, title, description, section }));
  return [...docs.map(({ path, title, description, section }) => ({ path, title, description, section })), ...generated];
}

/** The site's navigation (sections, each page's sidebar, prev/next), computed once per build from the same pages. */
export function getNavigation(): Promise<Navigation> {
  navigation ??= (async () => {
    const docs = (await getDocsPages()).filter((p) => !p.hidden).map((p) => p.nav);
    const generated = toGeneratedRoutes(getContent()).map(
      (route, i): NavPage => ({
        path: route.path,
        label: route.label,
        folders: [],
        order: 10_000 + i,
        parent: route.parent,
        area: route.section === 'Docs' ? 'guides' : 'reference',
        // An operation's method as a badge beside its path.
        ...(route.method ? { badge: { text: route.method.toUpperCase(), variant: route.method === 'get' ? 'success' : 'note' } } : {}),
      }),
    );
    return toNavigation([...docs, ...generated], NAV_LABELS);
  })();
  return navigation;
}
