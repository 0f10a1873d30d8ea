/**
 * Why a request's credential was refused, as a stable code (the way jose names its errors): callers branch on
 * `code`, never on a message. The OAuth error of RFC 6750 §3.1 follows from it.
 */
export type AuthErrorCode =
  /** No Bearer credential at all: the challenge then carries no error code (RFC 6750 §3.1). */
  | 'ERR_NO_TOKEN'
  /** An Authorization header that is not a well-formed Bearer token (RFC 6750 §2.1). */
  | 'ERR_TOKEN_MALFORMED'
  | 'ERR_TOKEN_EXPIRED'
  /** The token is for another resource (RFC 8707 §2; MCP authorization: audience validation). */
  | 'ERR_TOKEN_AUDIENCE'
  | 'ERR_TOKEN_ISSUER'
  /** Signature, algorithm, type or a required claim is wrong. */
  | 'ERR_TOKEN_INVALID'
  /** Valid, but without a scope the call needs. */
  | 'ERR_TOKEN_SCOPE';

/** A refused credential: a stable code and a sentence safe to show the client (never the token). */
export class AuthError extends Error {
  override name = 'AuthError';
  readonly code: AuthErrorCode;
  readonly description: string;
  constructor(code: AuthErrorCode, description: string) {
    super(description);
    this.code = code;
    this.description = description;
  }

  /** The RFC 6750 §3.1 error code of the challenge: none for a missing credential. */
  get oauthError(): 'invalid_token' | 'insufficient_scope' | undefined {
    if (this.code === 'ERR_NO_TOKEN') return undefined;
    return this.code === 'ERR_TOKEN_SCOPE' ? 'insufficient_scope' : 'invalid_token';
  }
}
