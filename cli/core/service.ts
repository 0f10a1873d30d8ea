import { discoverAuthorizationServer, type AuthServerMetadata } from '../../runtime/oauth/authorization-server.ts';
import type { Fetch } from '../../runtime/oauth/fetch-json.ts';
import { discoverProtectedResource, type ProtectedResource } from '../../runtime/oauth/protected-resource.ts';
import { discoverMcpUrl } from './discovery.ts';

/** What the CLI learns about a service from its own documents, starting at the base URL. */
export interface Service extends ProtectedResource {
  baseUrl: string;
  as: AuthServerMetadata;
}

/** The tool endpoint and the protected resource it is (each origin is its own resource: RFC 8707, RFC 9728). */
export interface McpEndpoint extends ProtectedResource {
  url: URL;
  as: AuthServerMetadata;
}

/** base URL → protected-resource metadata (RFC 9728) → its first authorization server → RFC 8414 metadata. */
export async function discoverService(fetcher: Fetch, baseUrl: string): Promise<Service> {
  const resource = await discoverProtectedResource(fetcher, new URL(baseUrl));
  return { baseUrl, ...resource, as: await discoverAuthorizationServer(fetcher, resource.issuer) };
}

/**
 * The hosted tool endpoint (`override`, else the one the service names) and its own protected-resource
 * metadata: tokens sent to it must be requested for its `resource`, not the base URL's.
 */
export async function discoverMcpEndpoint(fetcher: Fetch, baseUrl: string, override?: URL): Promise<McpEndpoint> {
  const url = override ?? (await discoverMcpUrl(fetcher, baseUrl));
  const resource = await discoverProtectedResource(fetcher, url);
  return { url, ...resource, as: await discoverAuthorizationServer(fetcher, resource.issuer) };
}
