import type { Content } from '../content-model/read-content.ts';
import { PATHS, toUrl } from '../facts/paths.ts';
import { toToolsList } from './to-tools-list.ts';
import { toMcpIdentity, toMcpRemotes } from './to-mcp-server-facts.ts';

/**
 * The tool product manifest at /.well-known/mcp.json: server-card fields (SEP-1649's `/.well-known/mcp.json`) plus the
 * public tool listing, which is the same array as /mcp/tools.json.
 */
export function toMcpManifest(content: Content): Record<string, unknown> {
  const { site } = content;
  return {
    ...toMcpIdentity(site),
    remotes: toMcpRemotes(site),
    auth: {
      type: 'oauth2',
      // The gate denies by default: these methods go without a token, every other one needs it.
      public_methods: site.mcp.public_methods,
      resource: site.base_url,
      resource_metadata: toUrl(site.base_url, PATHS.protectedResource),
      authorization_servers: [site.auth_issuer],
      scopes: site.scopes.map((s) => s.name),
    },
    tools: toToolsList(content.tools).tools,
  };
}
