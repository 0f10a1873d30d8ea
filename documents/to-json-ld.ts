import { toUrl } from '../facts/paths.ts';

/** What a page's structured data says about it: its address, title, description and last-updated date. */
export interface JsonLdPage {
  /** Public path, e.g. `/docs/overview`. */
  path: string;
  title: string;
  description: string;
  /** YYYY-MM-DD. */
  updated: string;
}

/** A page the breadcrumb trail passes through (the home page is always first). */
export interface JsonLdCrumb {
  path: string;
  title: string;
}

/**
 * A page's last-updated date: its front matter's `lastUpdated` when it has one (Starlight's field), else the date the
 * docs were last revised (`updated` in site.yaml). Front matter and a build fact, not file or git dates, which a build
 * from a tarball does not have.
 */
export function toPageUpdated(lastUpdated: unknown, siteUpdated: string): string {
  return lastUpdated instanceof Date && !Number.isNaN(lastUpdated.getTime()) ? lastUpdated.toISOString().slice(0, 10) : siteUpdated;
}

/**
 * The schema.org graph in each page's head: the page as a TechArticle (headline, description, dateModified, its URL,
 * the publisher) and its BreadcrumbList (home, the pages it sits under, itself), every URL absolute. The markdown
 * twin's front matter is read from it (documents/to-markdown-twin.ts), so both say the same.
 */
export function toPageJsonLd(
  site: { base_url: string; product: { name: string } },
  page: JsonLdPage,
  trail: readonly JsonLdCrumb[],
): Record<string, unknown> {
  const url = toUrl(site.base_url, page.path);
  const home = { path: '/', title: site.product.name };
  const crumbs = page.path === '/' ? [page] : [home, ...trail.filter((c) => c.path !== '/' && c.path !== page.path), page];
  const publisher = { '@type': 'Organization', name: site.product.name, url: toUrl(site.base_url, '/') };
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'TechArticle',
        '@id': `${url}#article`,
        headline: page.title,
        name: page.title,
        description: page.description,
        url,
        mainEntityOfPage: url,
        dateModified: page.updated,
        inLanguage: 'en',
        author: publisher,
        publisher,
      },
      {
        '@type': 'BreadcrumbList',
        '@id': `${url}#breadcrumbs`,
        itemListElement: crumbs.map((crumb, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name: crumb.title,
          item: toUrl(site.base_url, crumb.path),
        })),
      },
    ],
  };
}

/** JSON for a `<script type="application/ld+json">` element: `<` escaped, so no text can close the element early. */
export function toJsonLdScript(graph: Record<string, unknown>): string {
  return JSON.stringify(graph).replace(/</g, '\\u003c');
}
