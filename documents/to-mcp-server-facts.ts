import type { Site } from '../content-model/schemas/site.ts';
import { MCP_PATHS, PATHS, toUrl } from '../facts/paths.ts';

/** One Streamable HTTP endpoint as server cards and manifests describe it. */
export interface McpRemote {
  type: 'streamable-http';
  url: string;
  supportedProtocolVersions: string[];
}

/** The endpoints a client can connect to over HTTP: the hosted one, then the two same-host paths, each with the protocol versions it serves. */
export function toMcpRemotes(site: Pick<Site, 'app_url' | 'base_url' | 'mcp'>): McpRemote[] {
  const remote = (url: string): McpRemote => ({ type: 'streamable-http', url, supportedProtocolVersions: site.mcp.protocol_versions });
  return [remote(toUrl(site.app_url, PATHS.mcp)), ...MCP_PATHS.map((path) => remote(toUrl(site.base_url, path)))];
}

/** The identity every MCP discovery document gives the server: name, title, version, one-line description and its docs page. */
export function toMcpIdentity(site: Pick<Site, 'base_url' | 'mcp' | 'product'>) {
  return {
    name: site.mcp.server_name,
    title: site.product.name,
    version: site.product.version,
    description: site.product.tagline,
    websiteUrl: toUrl(site.base_url, PATHS.connectMcpDoc),
  };
}
