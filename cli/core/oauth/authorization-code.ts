import { CliError } from '../cli-error.ts';
import { requireEndpoint, type AuthServerMetadata } from '../../../runtime/oauth/authorization-server.ts';
import { toOAuthErrorCode } from '../../../runtime/oauth/oauth-client-error.ts';

/** What an authorization request carries. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  /** RFC 8707 §2.1: one `resource` parameter per resource the grant should cover. */
  resources: string[];
  state: string;
  codeChallenge: string;
}

/** The authorization URL (RFC 6749 §4.1.1 with PKCE, RFC 7636 §4.3). */
export function toAuthorizationUrl(as: AuthServerMetadata, r: AuthorizationRequest): URL {
  if (!as.code_challenge_methods_supported?.includes('S256')) {
    // MCP authorization: a client must refuse a server that does not advertise PKCE S256.
    throw new CliError(`The authorization server ${as.issuer} does not advertise PKCE (S256): refusing to log in`, 'ERR_UNSUPPORTED');
  }
  const url = new URL(requireEndpoint(as, 'authorization_endpoint', 'browser login'));
  const params = url.searchParams;
  params.set('response_type', 'code');
  params.set('client_id', r.clientId);
  params.set('redirect_uri', r.redirectUri);
  params.set('scope', r.scope);
  params.set('state', r.state);
  params.set('code_challenge', r.codeChallenge);
  params.set('code_challenge_method', 'S256');
  // offline_access is granted only with consent (OpenID Connect Core §11).
  params.set('prompt', 'consent');
  for (const resource of r.resources) params.append('resource', resource);
  return url;
}

/**
 * The authorization code of a redirect back to the client, after checking `state` (RFC 6749 §10.12) and the
 * issuer (RFC 9207 §2.4: required when the server says it sends `iss`). An error response becomes a CliError.
 */
export function readAuthorizationResponse(callback: URL, expected: { state: string; as: AuthServerMetadata }): string {
  const p = callback.searchParams;
  const iss = p.get('iss');
  if (iss !== null ? iss !== expected.as.issuer : expected.as.authorization_response_iss_parameter_supported) {
    // RFC 9207 §2.4: never show the error text of a response from the wrong issuer (mix-up attack).
    throw new CliError('the sign-in answer came from another authorization server: refusing it', 'ERR_ISSUER_MISMATCH');
  }
  if (p.get('state') !== expected.state)
    throw new CliError('the sign-in answer does not belong to this login (state mismatch): start again', 'ERR_STATE_MISMATCH');
  const error = p.get('error');
  if (error) {
    const description = p.get('error_description');
    const reason = error === 'access_denied' ? 'sign-in was cancelled' : `sign-in failed: ${error}`;
    throw new CliError(`${reason}${description ? ` (${description})` : ''}`, toOAuthErrorCode(error));
  }
  const code = p.get('code');
  if (!code) throw new CliError('the sign-in answer carries no authorization code', 'ERR_NO_CODE');
  return code;
}
