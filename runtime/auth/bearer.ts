import type { AccessToken, VerifyAccessToken } from './access-token.ts';
import { AuthError } from './auth-error.ts';

/** The Bearer token of an Authorization header; '' for a malformed Bearer value; undefined for none or another scheme. */
export function toBearerToken(authorization: string | null | undefined): string | undefined {
  if (!authorization) return undefined;
  const match = /^Bearer(?:\s+(.*))?$/i.exec(authorization.trim());
  if (!match) return undefined;
  const token = (match[1] ?? '').trim();
  // RFC 6750 §2.1: b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
  return /^[A-Za-z0-9\-._~+/]+=*$/.test(token) ? token : '';
}

/** The well-formed Bearer token of a request that needs one, else AuthError (missing or malformed). */
export function requireBearerToken(authorization: string | null | undefined): string {
  const token = toBearerToken(authorization);
  if (token === undefined) throw new AuthError('ERR_NO_TOKEN', 'This method needs an OAuth Bearer access token');
  if (token === '') throw new AuthError('ERR_TOKEN_MALFORMED', 'The Authorization header has no valid Bearer token');
  return token;
}

/** What a bearer check needs: how to verify a token, and the scopes the call needs. */
export interface BearerCheck {
  verify: VerifyAccessToken;
  requiredScopes: readonly string[];
}

/**
 * The pure bearer check of a request that needs a credential: present, well formed, verified, with every
 * required scope. Resolves with the token's claims; throws AuthError with the reason.
 */
export async function verifyBearer(authorization: string | null | undefined, check: BearerCheck): Promise<AccessToken> {
  const claims = await check.verify(requireBearerToken(authorization));
  const missing = check.requiredScopes.filter((s) => !claims.scopes.includes(s));
  if (missing.length > 0) throw new AuthError('ERR_TOKEN_SCOPE', `The access token lacks the ${missing.join(' ')} scope`);
  return claims;
}
