/** The well-known suffixes of RFC 8414 §3 and RFC 9728 §3. */
const AUTHORIZATION_SERVER = '/.well-known/oauth-authorization-server';
const PROTECTED_RESOURCE = '/.well-known/oauth-protected-resource';

/** The path (and query) the well-known part is inserted before, without its terminating slash ("" for a bare origin). */
function toInsertedPart(url: URL): string {
  return `${url.pathname.replace(/\/$/, '')}${url.search}`;
}

/**
 * RFC 8414 §3.1: the metadata address of an issuer. The well-known part goes between the host and the issuer's
 * path (its terminating "/" removed first), so `https://as.example/tenant` has its metadata at
 * `https://as.example/.well-known/oauth-authorization-server/tenant`.
 */
export function toAuthorizationServerMetadataUrl(issuer: string | URL): string {
  const url = new URL(issuer);
  return `${url.origin}${AUTHORIZATION_SERVER}${url.pathname.replace(/\/$/, '')}`;
}

/**
 * RFC 9728 §3.1: the metadata address of a protected resource, the well-known part inserted between the host and
 * the resource's path and query (a terminating "/" removed first).
 */
export function toProtectedResourceMetadataUrl(resource: string | URL): string {
  const url = new URL(resource);
  return `${url.origin}${PROTECTED_RESOURCE}${toInsertedPart(url)}`;
}
