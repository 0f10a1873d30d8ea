import { readJsonObject, request, type Fetch } from './fetch-json.ts';
import { OAuthClientError, toOAuthErrorCode } from './oauth-client-error.ts';

/** How a client authenticates at the token endpoint (RFC 6749 §2.3, RFC 7591 §2). */
export interface ClientAuth {
  client_id: string;
  client_secret?: string;
  token_endpoint_auth_method: 'none' | 'client_secret_basic' | 'client_secret_post';
}

/** A successful token response (RFC 6749 §5.1). */
export interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
  id_token?: string;
}

/** An OAuth error response (RFC 6749 §5.2), kept with its code so callers can tell `invalid_grant` from the rest. */
export class OAuthResponseError extends OAuthClientError {
  readonly error: string;
  constructor(error: string, description: string | undefined, what: string) {
    super(`${what} was refused: ${error}${description ? ` (${description})` : ''}`, toOAuthErrorCode(error));
    this.error = error;
  }
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before they are joined for Basic. */
const basic = (id: string, secret: string) => `Basic ${btoa(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`)}`;

/** POSTs a form with the client's authentication and returns the JSON answer, or throws the OAuth error. */
export async function postForm(
  fetcher: Fetch,
  url: string,
  params: Record<string, string | string[]>,
  client: ClientAuth,
  what: string,
): Promise<Record<string, unknown>> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const v of [value].flat()) body.append(key, v);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (client.token_endpoint_auth_method === 'client_secret_basic')
    headers.authorization = basic(client.client_id, client.client_secret ?? '');
  else body.set('client_id', client.client_id);
  if (client.token_endpoint_auth_method === 'client_secret_post') body.set('client_secret', client.client_secret ?? '');
  const response = await request(fetcher, url, { method: 'POST', headers, body });
  // RFC 7009 §2.2: revocation answers 200 with an empty body.
  if (response.ok && response.headers.get('content-length') === '0') return {};
  const json =
    response.ok && !(response.headers.get('content-type') ?? '').includes('json')
      ? {}
      : await readJsonObject(response, `The answer to ${what}`);
  if (!response.ok) {
    if (typeof json.error === 'string')
      throw new OAuthResponseError(json.error, typeof json.error_description === 'string' ? json.error_description : undefined, what);
    throw new OAuthClientError(`${what} failed: HTTP ${response.status}`, 'ERR_HTTP');
  }
  return json;
}

/** A token request (RFC 6749 §4, RFC 8628 §3.4); the answer must carry a Bearer access token. */
export async function requestToken(
  fetcher: Fetch,
  tokenEndpoint: string,
  params: Record<string, string | string[]>,
  client: ClientAuth,
  what: string,
): Promise<TokenResponse> {
  const json = await postForm(fetcher, tokenEndpoint, params, client, what);
  if (typeof json.access_token !== 'string' || String(json.token_type).toLowerCase() !== 'bearer') {
    throw new OAuthClientError(`${what}: the token endpoint answered without a Bearer access token`, 'ERR_BAD_TOKEN_RESPONSE');
  }
  return json as unknown as TokenResponse;
}
