import type { AuthServerMetadata } from './authorization-server.ts';
import type { Fetch } from './fetch-json.ts';
import type { RegisteredWorkloadClient } from './register-workload-client.ts';
import { requestToken, type TokenResponse } from './token-endpoint.ts';

/**
 * RFC 6749 §4.4: an access token by client credentials for `resource` (RFC 8707 §2). Of `scopes`, it asks only
 * for those the registration granted, when the server said which (asking for more is refused as invalid_scope).
 */
export async function getClientCredentialsToken(
  fetcher: Fetch,
  as: AuthServerMetadata,
  client: Pick<RegisteredWorkloadClient, 'client_id' | 'client_secret' | 'token_endpoint_auth_method' | 'scope'>,
  resource: string,
  scopes: string[],
): Promise<TokenResponse> {
  const granted = client.scope?.split(' ');
  const scope = granted ? scopes.filter((s) => granted.includes(s)) : scopes;
  return requestToken(
    fetcher,
    as.token_endpoint,
    { grant_type: 'client_credentials', resource, ...(scope.length ? { scope: scope.join(' ') } : {}) },
    client,
    "The workload client's token request",
  );
}
