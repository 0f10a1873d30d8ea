import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** JWS algorithms accepted for access tokens; `none` and HMAC are never accepted (RFC 8725 §3.1). */
export const ALLOWED_ALGORITHMS = ['RS256', 'ES256', 'PS256', 'EdDSA'];

/** Why a token was refused: maps to 401 `invalid_token` or 403 `insufficient_scope` (RFC 6750 §3.1). */
export class TokenError extends Error {
  override name = 'TokenError';
  constructor(
    readonly reason: 'invalid_token' | 'insufficient_scope',
    readonly description: string,
  ) {
    super(description);
  }
}

/** What the verifier checks a token against. */
export interface TokenVerifierOptions {
  issuer: string;
  audiences: string[];
  scope: string;
  /** `createRemoteJWKSet(url)` in production, `createLocalJWKSet(jwks)` in tests (DESIGN style rule 7). */
  getKey: JWTVerifyGetKey;
  /** Milliseconds since the epoch; tests freeze it. */
  now?: () => number;
  /** How many verified tokens to remember until their `exp` (DESIGN "Facts": verifying each time halves throughput). */
  cacheSize?: number;
}

/** Verifies a bearer token; resolves when it is valid for this resource and scope, else throws TokenError. */
export type VerifyToken = (token: string) => Promise<void>;

function toScopes(payload: JWTPayload): string[] {
  const { scope, scp } = payload as { scope?: unknown; scp?: unknown };
  if (typeof scope === 'string') return scope.split(' ');
  if (Array.isArray(scp)) return scp.filter((s): s is string => typeof s === 'string');
  if (typeof scp === 'string') return scp.split(' ');
  return [];
}

function toDescription(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The access token expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'The access token is not for this resource';
    if (error.claim === 'iss') return 'The access token was issued by another authorization server';
    return `The access token lacks a valid ${error.claim} claim`;
  }
  return 'The access token is invalid';
}

/** Builds the token check: jose signature verification, allow-listed algorithms, iss/aud/exp required, then scope. */
export function createTokenVerifier(options: TokenVerifierOptions): VerifyToken {
  const now = options.now ?? Date.now;
  const limit = options.cacheSize ?? 1000;
  const verified = new Map<string, number>(); // token → exp in ms
  return async (token) => {
    const exp = verified.get(token);
    if (exp !== undefined && exp > now()) return;
    if (exp !== undefined) verified.delete(token);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, options.getKey, {
        issuer: options.issuer,
        audience: options.audiences,
        algorithms: ALLOWED_ALGORITHMS,
        // RFC 9068 §4: an access token is typed at+jwt, so an ID token from the same issuer is refused.
        typ: 'at+jwt',
        requiredClaims: ['iss', 'aud', 'exp', 'sub'],
        currentDate: new Date(now()),
      }));
    } catch (error) {
      throw new TokenError('invalid_token', toDescription(error));
    }
    if (!toScopes(payload).includes(options.scope)) {
      throw new TokenError('insufficient_scope', `The access token lacks the ${options.scope} scope`);
    }
    if (verified.size >= limit) verified.delete(verified.keys().next().value as string);
    verified.set(token, (payload.exp as number) * 1000);
  };
}
