import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { getNavigation } from './pages.ts';
import { toPageNavigation } from '../../documents/to-navigation.ts';

/** `/docs/x.html` → `/docs/x`, `/index.html` → `/`: the page path of a request during the build. */
export const toRequestPagePath = (pathname: string): string => pathname.replace(/\.html$/, '').replace(/^\/index$/, '/');

/**
 * Starlight route data middleware: each page's sidebar is its own section of the navigation (toNavigation), and
 * prev/next follow the whole site's reading order. Starlight's own sidebar config is empty, so it neither clones
 * nor renders every page's link into every page (the cost grows with the square of the page count).
 */
export const onRequest = defineRouteMiddleware(async (context) => {
  const route = context.locals.starlightRoute;
  const nav = toPageNavigation(await getNavigation(), toRequestPagePath(context.url.pathname));
  route.sidebar = nav.sidebar;
  const link = (l?: { href: string; label: string }) =>
    l ? { type: 'link' as const, href: l.href, label: l.label, isCurrent: false, badge: undefined, attrs: {} } : undefined;
  route.pagination = { prev: link(nav.prev), next: link(nav.next) };
});
