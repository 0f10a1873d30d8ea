import { z } from 'zod';
import { CliError } from './cli-error.ts';
import { getJson, type Fetch } from './http-json.ts';
import { requireSecureUrl, toCanonicalUrl } from './secure-url.ts';

/** The fields of RFC 9728 protected-resource metadata the CLI uses. */
const protectedResourceSchema = z.object({
  resource: z.string(),
  authorization_servers: z.array(z.string()).min(1),
  scopes_supported: z.array(z.string()).optional(),
});

/** The fields of RFC 8414 authorization-server metadata the CLI uses. */
const authServerSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string().optional(),
  token_endpoint: z.string(),
  registration_endpoint: z.string().optional(),
  device_authorization_endpoint: z.string().optional(),
  revocation_endpoint: z.string().optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
  authorization_response_iss_parameter_supported: z.boolean().optional(),
});

/** RFC 8414 metadata, validated. */
export type AuthServerMetadata = z.infer<typeof authServerSchema>;

/** A protected resource and the authorization server that issues tokens for it. */
export interface ProtectedResource {
  /** RFC 8707 resource identifier: the `resource` of every token request for this endpoint. */
  resource: string;
  issuer: string;
  scopes: string[];
}

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string, url: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new CliError(`${what} at ${url} is invalid: ${issue.path.join('.') || 'document'}: ${issue.message}`, 'ERR_BAD_DOCUMENT');
}

/** RFC 9728 §3.1: the metadata address of a resource, with the resource's path inserted after the well-known part. */
function toMetadataUrls(resourceUrl: URL): string[] {
  const root = `${resourceUrl.origin}/.well-known/oauth-protected-resource`;
  const path = resourceUrl.pathname.replace(/\/$/, '');
  return path ? [`${root}${path}`, root] : [root];
}

/**
 * Reads the protected-resource metadata of `resourceUrl` (a base URL or an MCP endpoint) and checks that it
 * describes that origin: RFC 9728 §3.3 forbids using metadata whose `resource` is another resource, which
 * would send tokens to a server they were not issued for.
 */
export async function getProtectedResource(fetcher: Fetch, resourceUrl: URL): Promise<ProtectedResource> {
  let lastError: unknown;
  for (const url of toMetadataUrls(resourceUrl)) {
    try {
      const doc = parse(protectedResourceSchema, await getJson(fetcher, url, 'Protected-resource metadata'), 'Protected-resource metadata', url);
      const resource = requireSecureUrl(doc.resource, 'The protected resource');
      if (resource.origin !== resourceUrl.origin) {
        throw new CliError(`Protected-resource metadata at ${url} names another resource (${doc.resource}): refusing it`, 'ERR_RESOURCE_MISMATCH');
      }
      const issuer = toCanonicalUrl(requireSecureUrl(doc.authorization_servers[0]!, 'The authorization server'));
      return { resource: toCanonicalUrl(resource), issuer, scopes: doc.scopes_supported ?? [] };
    } catch (error) {
      lastError = error;
      if ((error as CliError).code !== 'ERR_BAD_DOCUMENT') throw error;
    }
  }
  throw lastError;
}

/** RFC 8414 §3: the metadata of `issuer`, whose `issuer` must equal it (§3.3), with every endpoint checked for TLS. */
export async function getAuthServerMetadata(fetcher: Fetch, issuer: string): Promise<AuthServerMetadata> {
  const url = new URL(issuer);
  const address = `${url.origin}/.well-known/oauth-authorization-server${url.pathname.replace(/\/$/, '')}`;
  const doc = parse(authServerSchema, await getJson(fetcher, address, 'Authorization-server metadata'), 'Authorization-server metadata', address);
  if (doc.issuer.replace(/\/$/, '') !== issuer) {
    throw new CliError(`Authorization-server metadata at ${address} is for another issuer (${doc.issuer})`, 'ERR_ISSUER_MISMATCH');
  }
  for (const key of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'device_authorization_endpoint', 'revocation_endpoint'] as const) {
    if (doc[key]) requireSecureUrl(doc[key], `The ${key.replace(/_/g, ' ')}`);
  }
  return doc;
}

/** An endpoint the server metadata must advertise for a command, or a message saying the service lacks it. */
export function requireEndpoint(as: AuthServerMetadata, key: keyof AuthServerMetadata, feature: string): string {
  const value = as[key];
  if (typeof value !== 'string') throw new CliError(`The authorization server ${as.issuer} does not offer ${feature} (no ${key} in its metadata)`, 'ERR_UNSUPPORTED');
  return value;
}

/**
 * The hosted tool endpoint of a service: the `mcp` field of its health document (contract §2.1), else the
 * first remote of its tool manifest (`/.well-known/mcp.json`).
 */
export async function discoverMcpUrl(fetcher: Fetch, baseUrl: string): Promise<URL> {
  let health: Record<string, unknown> | undefined;
  try {
    health = await getJson(fetcher, `${baseUrl}/api/health`, 'The health document');
  } catch (error) {
    if ((error as CliError).code !== 'ERR_BAD_DOCUMENT') throw error;
  }
  if (typeof health?.mcp === 'string') return requireSecureUrl(health.mcp, 'The tool endpoint');
  const manifest = await getJson(fetcher, `${baseUrl}/.well-known/mcp.json`, 'The tool manifest');
  const remote = (manifest.remotes as { url?: unknown }[] | undefined)?.find((r) => typeof r?.url === 'string');
  if (!remote) throw new CliError(`${baseUrl} names no tool endpoint (no mcp in /api/health, no remotes in /.well-known/mcp.json)`, 'ERR_BAD_DOCUMENT');
  return requireSecureUrl(String(remote.url), 'The tool endpoint');
}
