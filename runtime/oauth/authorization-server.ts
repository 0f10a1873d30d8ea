import { z } from 'zod';
import { getJson, type Fetch } from './fetch-json.ts';
import { toAuthorizationServerMetadataUrl } from './metadata-url.ts';
import { OAuthClientError } from './oauth-client-error.ts';
import { parseDocument } from './parse-document.ts';
import { requireSecureUrl } from './secure-url.ts';

/** The fields of RFC 8414 authorization-server metadata a client uses. */
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

/** The endpoints a client may send credentials to: each must use TLS (RFC 6749 §3.1, §3.2). */
const ENDPOINTS = [
  'authorization_endpoint',
  'token_endpoint',
  'registration_endpoint',
  'device_authorization_endpoint',
  'revocation_endpoint',
] as const;

/**
 * RFC 8414 §3: the metadata of `issuer` (given without a terminating "/"), read at its path-inserted address
 * (§3.1). Its `issuer` must equal the one asked for (§3.3), else an attacker's metadata could stand in for the
 * real server; every endpoint is checked for TLS.
 */
export async function discoverAuthorizationServer(fetcher: Fetch, issuer: string): Promise<AuthServerMetadata> {
  const address = toAuthorizationServerMetadataUrl(issuer);
  const doc = parseDocument(
    authServerSchema,
    await getJson(fetcher, address, 'Authorization-server metadata'),
    'Authorization-server metadata',
    address,
  );
  if (doc.issuer.replace(/\/$/, '') !== issuer.replace(/\/$/, '')) {
    throw new OAuthClientError(`Authorization-server metadata at ${address} is for another issuer (${doc.issuer})`, 'ERR_ISSUER_MISMATCH');
  }
  for (const key of ENDPOINTS) {
    if (doc[key]) requireSecureUrl(doc[key], `The ${key.replace(/_/g, ' ')}`);
  }
  return doc;
}

/** An endpoint the server metadata must advertise for a feature, or a message saying the service lacks it. */
export function requireEndpoint(as: AuthServerMetadata, key: keyof AuthServerMetadata, feature: string): string {
  const value = as[key];
  if (typeof value !== 'string')
    throw new OAuthClientError(
      `The authorization server ${as.issuer} does not offer ${feature} (no ${key} in its metadata)`,
      'ERR_UNSUPPORTED',
    );
  return value;
}
