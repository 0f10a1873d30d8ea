// The Try it panel's OAuth client, as pure functions over web standards (fetch, Web Crypto), so the same code
// runs in the browser and in tests: PKCE (RFC 7636), the authorization request with a resource indicator
// (RFC 8707) and the code exchange of a public client (RFC 6749 §4.1.3). Discovery is the shared core's
// (runtime/oauth), in words a reader can act on (discover-sign-in.ts).

/** The authorization server endpoints the panel needs, as its metadata names them. */
export interface AuthorizationServer {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
}

/** A step of sign-in failed; the message says what, in words a reader can act on. */
export class SignInError extends Error {
  override name = 'SignInError';
}

const bytesToBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A random URL-safe string of `bytes` random bytes (a PKCE verifier, an OAuth state). */
export function toRandomString(bytes = 32): string {
  return bytesToBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** RFC 7636 §4.2: the S256 code challenge of a verifier. */
export async function toCodeChallenge(verifier: string): Promise<string> {
  return bytesToBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

/** What an authorization request names. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  resource: string;
  state: string;
  codeChallenge: string;
}

/** The authorization URL a person is sent to (RFC 6749 §4.1.1, with PKCE S256 and a resource indicator). */
export function toAuthorizationUrl(endpoint: string, r: AuthorizationRequest): string {
  const url = new URL(endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: r.clientId,
    redirect_uri: r.redirectUri,
    scope: r.scope,
    resource: r.resource,
    state: r.state,
    code_challenge: r.codeChallenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.href;
}

/** An access token and when it stops working (milliseconds since the epoch). */
export interface HeldToken {
  accessToken: string;
  expiresAt: number;
  scope: string;
}

/** Redeems an authorization code at the token endpoint as a public client (no secret; the PKCE verifier proves it). */
export async function redeemCode(
  tokenEndpoint: string,
  r: { code: string; verifier: string; clientId: string; redirectUri: string; resource: string },
  fetchFn: typeof fetch = fetch,
  now = Date.now(),
): Promise<HeldToken> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: r.code,
    code_verifier: r.verifier,
    client_id: r.clientId,
    redirect_uri: r.redirectUri,
    resource: r.resource,
  });
  let response: Response;
  try {
    response = await fetchFn(tokenEndpoint, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
  } catch {
    throw new SignInError(`The sign-in service at ${new URL(tokenEndpoint).origin} is not reachable from this browser.`);
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || typeof answer.access_token !== 'string') {
    throw new SignInError(`The sign-in service refused the code: ${String(answer.error_description ?? answer.error ?? response.status)}.`);
  }
  return { accessToken: answer.access_token, expiresAt: now + Number(answer.expires_in ?? 0) * 1000, scope: String(answer.scope ?? '') };
}
