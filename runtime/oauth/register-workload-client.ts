import { requireEndpoint, type AuthServerMetadata } from './authorization-server.ts';
import { readJsonObject, request, type Fetch } from './fetch-json.ts';
import { OAuthClientError } from './oauth-client-error.ts';

/** A client-credentials client as the registration endpoint returned it (RFC 7591 §3.2.1). */
export interface RegisteredWorkloadClient {
  client_id: string;
  client_secret: string;
  token_endpoint_auth_method: 'client_secret_basic' | 'client_secret_post';
  /** The scopes granted, when the server says (it may grant fewer than asked). */
  scope?: string;
}

/** What a workload client is registered with. */
export interface WorkloadRegistration {
  /** The one-time registration code, sent as the initial access token (RFC 7591 §3). */
  code: string;
  clientName: string;
  /** The scopes to ask for (the resource's `scopes_supported`); none asks for the server's default. */
  scopes: string[];
}

/**
 * RFC 7591 dynamic registration of a client-credentials client, with the registration code as the initial
 * access token (§3: `Authorization: Bearer <code>`). The code is used once; it is never printed or stored.
 */
export async function registerWorkloadClient(
  fetcher: Fetch,
  as: AuthServerMetadata,
  r: WorkloadRegistration,
): Promise<RegisteredWorkloadClient> {
  const endpoint = requireEndpoint(as, 'registration_endpoint', 'client registration');
  const response = await request(fetcher, endpoint, {
    method: 'POST',
    headers: { authorization: `Bearer ${r.code}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      client_name: r.clientName,
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_basic',
      ...(r.scopes.length ? { scope: r.scopes.join(' ') } : {}),
    }),
  });
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    throw new OAuthClientError(
      'the registration code was refused (wrong, already used or expired): get a new one from the dashboard',
      'ERR_BAD_REGISTRATION_CODE',
    );
  }
  const body = await readJsonObject(response, 'The registration answer');
  if (response.status !== 201) {
    const reason =
      typeof body.error === 'string'
        ? `${body.error}${typeof body.error_description === 'string' ? ` (${body.error_description})` : ''}`
        : `HTTP ${response.status}`;
    throw new OAuthClientError(`registration was refused: ${reason}`, 'ERR_REGISTRATION');
  }
  if (typeof body.client_id !== 'string' || typeof body.client_secret !== 'string') {
    throw new OAuthClientError('the registration answer lacks client_id or client_secret', 'ERR_BAD_DOCUMENT');
  }
  // RFC 7591 §3.2.1: the server may change the method asked for; only the two secret methods are usable here.
  const method = body.token_endpoint_auth_method === 'client_secret_post' ? 'client_secret_post' : 'client_secret_basic';
  return {
    client_id: body.client_id,
    client_secret: body.client_secret,
    token_endpoint_auth_method: method,
    ...(typeof body.scope === 'string' ? { scope: body.scope } : {}),
  };
}
