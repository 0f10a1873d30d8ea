import { discoverAuthorizationServer } from '../runtime/oauth/authorization-server.ts';
import { getClientCredentialsToken } from '../runtime/oauth/client-credentials-token.ts';
import { registerWorkloadClient } from '../runtime/oauth/register-workload-client.ts';

/** What a workload token is for. */
export interface WorkloadTokenRequest {
  /** RFC 8707 resource the token names as its audience. */
  resource: string;
  scopes: string[];
  clientName: string;
}

/**
 * An access token from a fresh workload client, the way `warden admin register` and the CLI's token source get
 * one (runtime/oauth, with its checks): the issuer's metadata, registration with `code`, then client credentials.
 */
export async function getWorkloadAccessToken(issuer: string, code: string, r: WorkloadTokenRequest): Promise<string> {
  const as = await discoverAuthorizationServer(fetch, issuer);
  const client = await registerWorkloadClient(fetch, as, { code, clientName: r.clientName, scopes: r.scopes });
  return (await getClientCredentialsToken(fetch, as, client, r.resource, r.scopes)).access_token;
}

/** A one-time registration code from a sandbox running apart (its `POST /registration-codes`). */
export async function mintRegistrationCode(sandboxUrl: string): Promise<string> {
  const response = await fetch(`${sandboxUrl}/registration-codes`, { method: 'POST' });
  if (response.status !== 201) throw new Error(`${sandboxUrl}/registration-codes answered ${response.status}`);
  return ((await response.json()) as { registration_code: string }).registration_code;
}
