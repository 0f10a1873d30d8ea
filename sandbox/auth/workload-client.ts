/** A workload client's credentials, as the registration endpoint returned them. */
export interface WorkloadCredentials {
  client_id: string;
  client_secret: string;
}

/** The endpoint addresses of RFC 8414 authorization server metadata that clients use. */
export interface ServerMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  registration_endpoint: string;
}

/** Reads the authorization server's RFC 8414 metadata, where the endpoint addresses come from. */
export async function getServerMetadata(issuer: string): Promise<ServerMetadata> {
  const response = await fetch(`${issuer}/.well-known/oauth-authorization-server`);
  if (!response.ok) throw new Error(`authorization server metadata: ${response.status}`);
  return (await response.json()) as ServerMetadata;
}

/** Exchanges a registration code for a workload client (RFC 7591 with the code as initial access token). */
export async function registerWorkloadClient(issuer: string, code: string, name = 'warden-workload'): Promise<WorkloadCredentials> {
  const response = await fetch((await getServerMetadata(issuer)).registration_endpoint, {
    method: 'POST',
    headers: { authorization: `Bearer ${code}`, 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: name, grant_types: ['client_credentials'], response_types: [], redirect_uris: [] }),
  });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as WorkloadCredentials;
}

/** Gets an access token by client credentials for `resource` (RFC 8707) with `scopes`. */
export async function getClientCredentialsToken(
  issuer: string,
  client: WorkloadCredentials,
  resource: string,
  scopes: string[],
): Promise<{ access_token: string; expires_in: number; scope: string }> {
  const response = await fetch((await getServerMetadata(issuer)).token_endpoint, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: scopes.join(' '), resource }),
  });
  if (!response.ok) throw new Error(`token request failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { access_token: string; expires_in: number; scope: string };
}
