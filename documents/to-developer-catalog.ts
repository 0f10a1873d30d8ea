import type { Content } from '../content-model/read-content.ts';
import { toDiscoveryLinks } from './to-discovery-links.ts';

/** The developer catalog at /api/catalog: the public docs, OpenAPI, tool-endpoint and CLI addresses. */
export function toDeveloperCatalog(content: Content): Record<string, unknown> {
  const { site } = content;
  return {
    product: site.product.name,
    description: site.product.description,
    free_tier: { hosted_starts: site.free_tier.hosted_starts, payment_card_required: site.free_tier.payment_card_required },
    links: toDiscoveryLinks(content).map(({ rel, href, title, type }) => ({ rel, href, title, type })),
  };
}
