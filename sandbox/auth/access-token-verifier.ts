import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWK } from 'jose';
import { OAuthError, OAuthErrorCode, type AuthInfo, type OAuthTokenVerifier } from '@modelcontextprotocol/server';

/** What an access token must carry to be accepted here. */
export interface VerifierOptions {
  issuer: string;
  /** RFC 8707: the audience the token must name (the public base URL). */
  audience: string;
  publicKeys: JWK[];
}

/** Verifies RFC 9068 JWT access tokens locally (signature, issuer, audience, expiry) and maps them to AuthInfo. */
export function createAccessTokenVerifier(o: VerifierOptions): OAuthTokenVerifier {
  const jwks = createLocalJWKSet({ keys: o.publicKeys });
  return {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      try {
        const { payload } = await jwtVerify(token, jwks, { issuer: o.issuer, audience: o.audience, typ: 'at+jwt', requiredClaims: ['exp', 'sub'] });
        return {
          token,
          clientId: String(payload.client_id ?? payload.sub),
          scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
          expiresAt: payload.exp,
          resource: new URL(o.audience),
          extra: { sub: payload.sub },
        };
      } catch (error) {
        // RFC 6750 §3.1: an expired, mis-addressed or forged token is invalid_token (401); say which, never echo the token.
        const reason =
          error instanceof joseErrors.JWTExpired ? 'The access token expired'
          : error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'aud' ? 'The access token is for another audience'
          : error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'iss' ? 'The access token is from another issuer'
          : 'The access token is not valid';
        throw new OAuthError(OAuthErrorCode.InvalidToken, reason);
      }
    },
  };
}
