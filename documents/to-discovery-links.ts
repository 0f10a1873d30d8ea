import type { Content } from '../content-model/read-content.ts';
import type { DiscoveryLinkSource } from '../content-model/schemas/discovery.ts';
import { fillPlaceholders, toPlaceholders } from '../content-model/fill-placeholders.ts';

/** One public address, as every discovery document names it. */
export type DiscoveryLink = DiscoveryLinkSource;

/**
 * The one list of public addresses behind /api/catalog, llms.txt and the developer catalog (one discovery graph:
 * each document is a view of this list), from content/discovery.yaml with this build's addresses filled in.
 */
export function toDiscoveryLinks({ site, discovery }: Pick<Content, 'site' | 'discovery'>): DiscoveryLink[] {
  const values = toPlaceholders(site);
  return discovery.map((link, i) => ({
    ...link,
    href: fillPlaceholders(link.href, values, `content/discovery.yaml links.${i}.href`),
    note: fillPlaceholders(link.note, values, `content/discovery.yaml links.${i}.note`),
  }));
}
