import { defineRouteMiddleware, type StarlightRouteData } from '@astrojs/starlight/route-data';
import { toPublicPath } from '../../facts/paths.ts';

type Entry = StarlightRouteData['sidebar'][number];

const clean = (entries: Entry[]): Entry[] =>
  entries.map((e) => (e.type === 'link' ? { ...e, href: toPublicPath(e.href) } : { ...e, entries: clean(e.entries) }));

/**
 * Starlight route data middleware: the site title, the sidebar and the previous/next links point at the public
 * page addresses (`/docs/x`, `/`), the ones the sitemap, canonical links and twins name, not at the `.html`
 * files `build.format: 'file'` writes.
 */
export const onRequest = defineRouteMiddleware((context) => {
  const route = context.locals.starlightRoute;
  route.siteTitleHref = toPublicPath(route.siteTitleHref);
  route.sidebar = clean(route.sidebar);
  const { prev, next } = route.pagination;
  route.pagination = { prev: prev && { ...prev, href: toPublicPath(prev.href) }, next: next && { ...next, href: toPublicPath(next.href) } };
});
