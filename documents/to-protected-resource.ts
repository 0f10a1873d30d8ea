import type { Content } from '../content-model/read-content.ts';
import { PATHS, toUrl } from '../facts/paths.ts';

/**
 * RFC 9728 metadata for the hosted tool endpoint. The resource identifier is the base URL (the origin) for
 * the root document and its path-inserted variants alike: one identifier works for /mcp and /.well-known/mcp
 * (RFC 9728 §3.3 read as the MCP SDKs do: same origin and path prefix) and is the one audience tokens carry. Arrays are never empty (§3.2).
 */
export function toProtectedResource({ site }: Content): Record<string, unknown> {
  return {
    resource: site.base_url,
    authorization_servers: [site.auth_issuer],
    scopes_supported: site.scopes.map((s) => s.name),
    bearer_methods_supported: ['header'],
    resource_name: `${site.product.name} hosted tools`,
    resource_documentation: toUrl(site.base_url, PATHS.authenticationDoc),
  };
}
