import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { AuthError } from './auth-error.ts';
import { KeySetUnavailableError } from './key-set-error.ts';

/** JWS algorithms accepted for access tokens; `none` and HMAC are never accepted (RFC 8725 §3.1). */
export const ALLOWED_ALGORITHMS = ['RS256', 'ES256', 'PS256', 'EdDSA'];

/** What a verified RFC 9068 access token says about its caller. */
export interface AccessToken {
  subject: string;
  /** RFC 9068 §2.2 `client_id`, else the subject (a client-credentials token is its own subject). */
  clientId: string;
  scopes: string[];
  /** The one audience of this resource server the token names. */
  audience: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** What the verifier checks tokens against. */
export interface AccessTokenVerifierOptions {
  issuer: string;
  /** The resource identifiers this server answers for (RFC 8707): a token must name one of them. */
  audiences: readonly string[];
  /** `createRemoteJWKSet(url)` in production, `createLocalJWKSet(jwks)` in tests. */
  getKey: JWTVerifyGetKey;
  /** Milliseconds since the epoch; tests freeze it. */
  now?: () => number;
  /** How many verified tokens to remember until their `exp`: verifying a signature on every request halves throughput. */
  cacheSize?: number;
}

/** Verifies a token; resolves with its claims, else throws AuthError (or KeySetUnavailableError). Scopes are the caller's to check. */
export type VerifyAccessToken = (token: string) => Promise<AccessToken>;

function toScopes(payload: JWTPayload): string[] {
  const { scope, scp } = payload as { scope?: unknown; scp?: unknown };
  if (typeof scope === 'string') return scope.split(' ').filter(Boolean);
  if (Array.isArray(scp)) return scp.filter((s): s is string => typeof s === 'string');
  if (typeof scp === 'string') return scp.split(' ').filter(Boolean);
  return [];
}

/**
 * Whether verification failed for want of the key set rather than for anything in the token: jose's remote key
 * set times out (JWKSTimeout), gets a non-200 or non-JSON answer (a bare JOSEError), an invalid set (JWKSInvalid),
 * or fetch itself fails (a network error, not a JOSEError at all).
 */
function isKeySetFailure(error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return true;
  if (error instanceof errors.JOSEError) return error.constructor === errors.JOSEError;
  return error instanceof Error;
}

function toAuthError(error: unknown): AuthError {
  if (error instanceof errors.JWTExpired) return new AuthError('ERR_TOKEN_EXPIRED', 'The access token expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return new AuthError('ERR_TOKEN_AUDIENCE', 'The access token is for another resource');
    if (error.claim === 'iss') return new AuthError('ERR_TOKEN_ISSUER', 'The access token was issued by another authorization server');
    return new AuthError('ERR_TOKEN_INVALID', `The access token lacks a valid ${error.claim} claim`);
  }
  return new AuthError('ERR_TOKEN_INVALID', 'The access token is invalid');
}

/** Builds the token check: jose signature verification, allow-listed algorithms, at+jwt, iss/aud/exp/sub required. */
export function createAccessTokenVerifier(options: AccessTokenVerifierOptions): VerifyAccessToken {
  const now = options.now ?? Date.now;
  const limit = options.cacheSize ?? 1000;
  const audiences = [...options.audiences];
  const verified = new Map<string, AccessToken>();
  return async (token) => {
    const cached = verified.get(token);
    if (cached && cached.expiresAt * 1000 > now()) return cached;
    if (cached) verified.delete(token);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, options.getKey, {
        issuer: options.issuer,
        audience: audiences,
        algorithms: ALLOWED_ALGORITHMS,
        // RFC 9068 §4: an access token is typed at+jwt, so an ID token from the same issuer is refused.
        typ: 'at+jwt',
        requiredClaims: ['iss', 'aud', 'exp', 'sub'],
        currentDate: new Date(now()),
      }));
    } catch (error) {
      if (isKeySetFailure(error))
        throw new KeySetUnavailableError('The signing keys of the authorization server could not be fetched', { cause: error });
      throw toAuthError(error);
    }
    const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    const claims: AccessToken = {
      subject: payload.sub!,
      clientId: typeof payload.client_id === 'string' ? payload.client_id : payload.sub!,
      scopes: toScopes(payload),
      audience: aud.find((a): a is string => typeof a === 'string' && audiences.includes(a))!,
      expiresAt: payload.exp!,
    };
    if (verified.size >= limit) verified.delete(verified.keys().next().value as string);
    verified.set(token, claims);
    return claims;
  };
}
