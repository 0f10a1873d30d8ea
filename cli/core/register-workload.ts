import { CliError } from './cli-error.ts';
import type { WorkloadClient } from './credential-file.ts';
import { requireEndpoint } from './discovery.ts';
import { readJsonObject, request, type Fetch } from './http-json.ts';
import type { Service } from './service.ts';

/**
 * RFC 7591 dynamic registration of a client-credentials client, with the registration code as the initial
 * access token (§3: `Authorization: Bearer <code>`). The code is used once; it is never printed or stored.
 */
export async function registerWorkload(fetcher: Fetch, service: Service, code: string, clientName: string, now: () => number): Promise<WorkloadClient> {
  const endpoint = requireEndpoint(service.as, 'registration_endpoint', 'client registration');
  const response = await request(fetcher, endpoint, {
    method: 'POST',
    headers: { authorization: `Bearer ${code}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      client_name: clientName,
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_basic',
      ...(service.scopes.length ? { scope: service.scopes.join(' ') } : {}),
    }),
  });
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    throw new CliError('the registration code was refused (wrong, already used or expired): get a new one from the dashboard', 'ERR_BAD_REGISTRATION_CODE');
  }
  const body = await readJsonObject(response, 'The registration answer');
  if (response.status !== 201) {
    const reason = typeof body.error === 'string' ? `${body.error}${typeof body.error_description === 'string' ? ` (${body.error_description})` : ''}` : `HTTP ${response.status}`;
    throw new CliError(`registration was refused: ${reason}`, 'ERR_REGISTRATION');
  }
  if (typeof body.client_id !== 'string' || typeof body.client_secret !== 'string') {
    throw new CliError('the registration answer lacks client_id or client_secret', 'ERR_BAD_DOCUMENT');
  }
  const method = body.token_endpoint_auth_method === 'client_secret_post' ? 'client_secret_post' : 'client_secret_basic';
  return {
    client_id: body.client_id,
    client_secret: body.client_secret,
    token_endpoint_auth_method: method,
    ...(typeof body.scope === 'string' ? { scope: body.scope } : {}),
    registered_at: new Date(now()).toISOString(),
  };
}
