import { z } from 'zod';
import { getJson, type Fetch } from './fetch-json.ts';
import { toProtectedResourceMetadataUrl } from './metadata-url.ts';
import { OAuthClientError } from './oauth-client-error.ts';
import { parseDocument } from './parse-document.ts';
import { requireSecureUrl, toCanonicalUrl } from './secure-url.ts';

/** The fields of RFC 9728 protected-resource metadata a client uses. */
const protectedResourceSchema = z.object({
  resource: z.string(),
  authorization_servers: z.array(z.string()).min(1),
  scopes_supported: z.array(z.string()).optional(),
});

/** A protected resource and the authorization server that issues tokens for it. */
export interface ProtectedResource {
  /** RFC 8707 resource identifier: the `resource` of every token request for this endpoint. */
  resource: string;
  issuer: string;
  scopes: string[];
}

/**
 * The addresses to read, in order: the path-inserted one (RFC 9728 §3.1), then the origin's own, which the MCP
 * authorization spec has clients fall back to when a server publishes one document for every path.
 */
function toMetadataUrls(resourceUrl: URL): string[] {
  const inserted = toProtectedResourceMetadataUrl(resourceUrl);
  const root = toProtectedResourceMetadataUrl(resourceUrl.origin);
  return inserted === root ? [root] : [inserted, root];
}

/**
 * Reads the protected-resource metadata of `resourceUrl` (a base URL or an MCP endpoint) and checks that it
 * describes that origin: RFC 9728 §3.3 forbids using metadata whose `resource` is another resource, which
 * would send tokens to a server they were not issued for. The first authorization server must use TLS
 * (or loopback), as every address a client sends credentials to.
 */
export async function discoverProtectedResource(fetcher: Fetch, resourceUrl: URL): Promise<ProtectedResource> {
  let lastError: unknown;
  for (const url of toMetadataUrls(resourceUrl)) {
    try {
      const doc = parseDocument(
        protectedResourceSchema,
        await getJson(fetcher, url, 'Protected-resource metadata'),
        'Protected-resource metadata',
        url,
      );
      const resource = requireSecureUrl(doc.resource, 'The protected resource');
      if (resource.origin !== resourceUrl.origin) {
        throw new OAuthClientError(
          `Protected-resource metadata at ${url} names another resource (${doc.resource}): refusing it`,
          'ERR_RESOURCE_MISMATCH',
        );
      }
      const issuer = toCanonicalUrl(requireSecureUrl(doc.authorization_servers[0]!, 'The authorization server'));
      return { resource: toCanonicalUrl(resource), issuer, scopes: doc.scopes_supported ?? [] };
    } catch (error) {
      lastError = error;
      if ((error as OAuthClientError).code !== 'ERR_BAD_DOCUMENT') throw error;
    }
  }
  throw lastError;
}
