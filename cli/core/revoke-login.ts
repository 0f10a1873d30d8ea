import type { Login } from './credential-file.ts';
import { requireEndpoint, type AuthServerMetadata } from '../../runtime/oauth/authorization-server.ts';
import type { Fetch } from '../../runtime/oauth/fetch-json.ts';
import { postForm } from '../../runtime/oauth/token-endpoint.ts';

/** RFC 7009 §2.1: revokes a login's refresh token (the server may revoke its access tokens with it). */
export async function revokeLogin(fetcher: Fetch, as: AuthServerMetadata, login: Login): Promise<void> {
  const endpoint = requireEndpoint(as, 'revocation_endpoint', 'token revocation (RFC 7009)');
  await postForm(
    fetcher,
    endpoint,
    { token: login.refresh_token, token_type_hint: 'refresh_token' },
    { client_id: login.client_id, token_endpoint_auth_method: 'none' },
    'Revoking the refresh token',
  );
}
