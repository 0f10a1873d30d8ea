import type { Site } from '../schemas/site.ts';
import { MCP_PATHS, PATHS, toUrl } from './paths.ts';

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
