import type { Content } from '../content/read-content.ts';
import { PATHS, toUrl } from './paths.ts';
import { toToolsList } from './to-tools-list.ts';

/**
 * The tool product manifest at /.well-known/mcp.json: server-card fields (reference/mcp.md §7) plus the
 * public tool listing, which is the same array as /mcp/tools.json.
 */
export function toMcpManifest(content: Content): Record<string, unknown> {
  const { site } = content;
  const remote = (url: string) => ({
    type: 'streamable-http',
    url,
    supportedProtocolVersions: site.mcp.protocol_versions,
  });
  return {
    name: site.mcp.server_name,
    title: site.product.name,
    version: site.product.version,
    description: site.product.tagline,
    websiteUrl: toUrl(site.base_url, '/docs/connect-mcp'),
    remotes: [
      remote(toUrl(site.app_url, PATHS.mcp)),
      remote(toUrl(site.base_url, PATHS.mcp)),
      remote(toUrl(site.base_url, PATHS.mcpWellKnown)),
    ],
    auth: {
      type: 'oauth2',
      required_for: ['tools/call'],
      resource: site.base_url,
      resource_metadata: toUrl(site.base_url, PATHS.protectedResource),
      authorization_servers: [site.auth_issuer],
      scopes: site.scopes.map((s) => s.name),
    },
    tools: toToolsList(content.tools).tools,
  };
}
