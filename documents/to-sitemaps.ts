import { toTwinPath, toUrl } from '../facts/paths.ts';

/** One page as the sitemaps list it. */
export interface SitemapPage {
  path: string;
  title: string;
  /** The H2 the page is listed under (llms.txt's sections). */
  section: string;
  /** YYYY-MM-DD, the date its twin's front matter and JSON-LD give. */
  updated: string;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** /sitemap.xml (sitemaps.org protocol 0.9): every page's public URL with its last-updated date as `lastmod`. */
export function toSitemapXml(baseUrl: string, pages: readonly SitemapPage[]): string {
  const urls = pages.map((p) => `<url><loc>${escapeXml(toUrl(baseUrl, p.path))}</loc><lastmod>${p.updated}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * /sitemap.md: the same pages for agents that read markdown, by section, each linking its markdown twin with its
 * date. One short line a page (the descriptions are llms.txt's), so the file stays small on a large site.
 */
export function toSitemapMd(site: { base_url: string; product: { name: string } }, pages: readonly SitemapPage[]): string {
  const sections = new Map<string, SitemapPage[]>();
  for (const page of pages) sections.set(page.section, [...(sections.get(page.section) ?? []), page]);
  const escapeText = (text: string) => text.replace(/([\\[\]])/g, '\\$1');
  const lines = [
    `# ${site.product.name} sitemap`,
    '',
    `> Every page of ${site.product.name}'s site as markdown: each link is a page's markdown twin (its HTML page is the same address without \`.md\`), with the date it was last updated. ${toUrl(site.base_url, '/llms.txt')} describes each page.`,
  ];
  for (const [section, list] of sections) {
    lines.push('', `## ${section}`, '');
    for (const p of list) lines.push(`- [${escapeText(p.title)}](${toUrl(site.base_url, toTwinPath(p.path))}) (updated ${p.updated})`);
  }
  return `${lines.join('\n')}\n`;
}
