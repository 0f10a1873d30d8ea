import type { Site } from '../schemas/site.ts';
import { PATHS, toUrl } from './paths.ts';

/**
 * robots.txt (RFC 9309): every crawler and agent may fetch everything, so search engines can read the
 * `X-Robots-Tag: noindex` of the markdown twins and agents can read them; the sitemap and the agent index are named.
 */
export function toRobotsTxt(site: Pick<Site, 'base_url' | 'product'>): string {
  return [
    `# ${site.product.name}: every page and document is public, for people, crawlers and agents alike.`,
    `# Agents: the index of every page, as markdown, is ${toUrl(site.base_url, PATHS.llms)}`,
    'User-agent: *',
    'Allow: /',
    '',
    `Sitemap: ${toUrl(site.base_url, PATHS.sitemap)}`,
    '',
  ].join('\n');
}
