import type { Site } from '../content-model/schemas/site.ts';
import { PATHS, toUrl } from '../facts/paths.ts';

/** `search=yes, ai-input=yes, ai-train=no`: the Content-Signal value of site.yaml's choices, in the order they are written. */
export function toContentSignal(signals: Site['content_signals']): string {
  return Object.entries(signals)
    .map(([name, allowed]) => `${name}=${allowed ? 'yes' : 'no'}`)
    .join(', ');
}

/**
 * robots.txt (RFC 9309): every crawler and agent may fetch everything, so search engines can read the
 * `X-Robots-Tag: noindex` of the markdown twins and agents can read them; the sitemap and the agent index are named,
 * and the AI Catalog by an `Agentmap:` line (Agentic Resource Discovery §5.1, a record outside any group, like
 * `Sitemap:`). The group's Content-Signal line (contentsignals.org) says what the fetched pages may be used for.
 */
export function toRobotsTxt(site: Pick<Site, 'base_url' | 'product' | 'content_signals'>): string {
  return [
    `# ${site.product.name}: every page and document is public, for people, crawlers and agents alike.`,
    `# Agents: the index of every page, as markdown, is ${toUrl(site.base_url, PATHS.llms)}`,
    '# Content-Signal (contentsignals.org): search = indexing for search results; ai-input = reading pages to answer',
    '# or act in a live session; ai-train = training or fine-tuning models.',
    'User-agent: *',
    `Content-Signal: ${toContentSignal(site.content_signals)}`,
    'Allow: /',
    '',
    `Sitemap: ${toUrl(site.base_url, PATHS.sitemap)}`,
    `Agentmap: ${toUrl(site.base_url, PATHS.aiCatalog)}`,
    '',
  ].join('\n');
}
