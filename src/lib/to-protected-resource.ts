import type { Content } from '../content/read-content.ts';
import { toUrl } from './paths.ts';

/**
 * RFC 9728 metadata for one resource identifier. The root document's resource is the base URL (it works for
 * both /mcp and /.well-known/mcp, see reference/mcp.md §6.5); a path-inserted variant's resource is the
 * identifier it was inserted into (RFC 9728 §3.3). Arrays are never empty (§3.2).
 */
export function toProtectedResource({ site }: Content, resourcePath = ''): Record<string, unknown> {
  return {
    resource: toUrl(site.base_url, resourcePath),
    authorization_servers: [site.auth_issuer],
    scopes_supported: site.scopes.map((s) => s.name),
    bearer_methods_supported: ['header'],
    resource_name: `${site.product.name} hosted tools`,
    resource_documentation: toUrl(site.base_url, '/docs/authentication'),
  };
}
