import type { Content } from '../content/read-content.ts';
import { PATHS, toUrl } from './paths.ts';

/** One public address, as every discovery document names it. */
export interface DiscoveryLink {
  rel: string;
  href: string;
  title: string;
  type: string;
  note: string;
  /** "resource" for people and tools to read, "machine" for a machine-readable document or endpoint. */
  kind: 'resource' | 'machine';
}

/**
 * The one list of public addresses behind /api/catalog, llms.txt and the api-catalog
 * (one discovery graph: each document is a view of this list).
 */
export function toDiscoveryLinks({ site }: Content): DiscoveryLink[] {
  const at = (path: string) => toUrl(site.base_url, path);
  const cli = site.cli;
  return [
    { rel: 'docs', href: at(site.docs_path), title: 'Documentation', type: 'text/html', note: 'guides and reference; every page has a markdown twin at its URL + .md', kind: 'resource' },
    { rel: 'llms-txt', href: at(PATHS.llms), title: 'llms.txt', type: 'text/plain', note: 'this agent index', kind: 'resource' },
    { rel: 'llms-full-txt', href: at(PATHS.llmsFull), title: 'llms-full.txt', type: 'text/plain', note: 'every docs page in one markdown file', kind: 'resource' },
    { rel: 'openapi', href: at(PATHS.openapi), title: 'OpenAPI description', type: 'application/json', note: 'OpenAPI 3.1, every public endpoint with an operationId', kind: 'machine' },
    { rel: 'api-catalog', href: at(PATHS.apiCatalog), title: 'API catalog', type: 'application/linkset+json', note: 'RFC 9727 linkset', kind: 'machine' },
    { rel: 'health', href: at(PATHS.health), title: 'Health', type: 'application/json', note: 'status "ok" when healthy; /api/v1/health is the versioned alias', kind: 'machine' },
    { rel: 'mcp', href: toUrl(site.app_url, PATHS.mcp), title: 'Hosted tool endpoint (MCP)', type: 'application/json', note: 'JSON-RPC 2.0 over Streamable HTTP; tools/call needs an OAuth Bearer token', kind: 'machine' },
    { rel: 'mcp-same-host', href: at(PATHS.mcp), title: 'Same-host tool endpoint', type: 'application/json', note: `proxied to the hosted endpoint; also at ${at(PATHS.mcpWellKnown)}`, kind: 'machine' },
    { rel: 'mcp-tools', href: at(PATHS.toolsJson), title: 'Static tool list', type: 'application/json', note: 'the tools/list result as a file', kind: 'machine' },
    { rel: 'mcp-manifest', href: at(PATHS.mcpManifest), title: 'Tool product manifest', type: 'application/json', note: 'server card fields and the public tools', kind: 'machine' },
    { rel: 'oauth-protected-resource', href: at(PATHS.protectedResource), title: 'OAuth protected-resource metadata', type: 'application/json', note: `RFC 9728; names the authorization server and the ${site.access_scope} scope`, kind: 'machine' },
    { rel: 'cli-installer', href: at(cli.installer_path), title: 'CLI installer', type: 'text/x-shellscript', note: `curl -fsSL ${at(cli.installer_path)} | sh`, kind: 'resource' },
    { rel: 'cli-releases', href: cli.release_archive, title: 'CLI release archive', type: 'text/html', note: 'binaries and SHA256SUMS; not on any package registry', kind: 'resource' },
  ];
}
