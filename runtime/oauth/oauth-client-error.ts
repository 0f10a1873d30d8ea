/**
 * The codes of the OAuth client's failures, besides the `ERR_OAUTH_<ERROR>` family (toOAuthErrorCode); the CLI
 * reports them as they are, and content/docs/cli-errors.md documents each.
 */
export const OAUTH_CLIENT_ERROR_CODES = [
  'ERR_BAD_URL',
  'ERR_INSECURE_URL',
  'ERR_UNREACHABLE',
  'ERR_BAD_DOCUMENT',
  'ERR_RESOURCE_MISMATCH',
  'ERR_ISSUER_MISMATCH',
  'ERR_UNSUPPORTED',
  'ERR_BAD_REGISTRATION_CODE',
  'ERR_REGISTRATION',
  'ERR_HTTP',
  'ERR_BAD_TOKEN_RESPONSE',
] as const;

/** The code of an OAuth error response, named by the server's `error` (RFC 6749 §4.1.2.1, §5.2). */
export type OAuthErrorCode = `ERR_OAUTH_${string}`;

/** Every code an OAuthClientError carries. */
export type OAuthClientErrorCode = (typeof OAUTH_CLIENT_ERROR_CODES)[number] | OAuthErrorCode;

/** The code of an OAuth error response's `error`: `access_denied` is `ERR_OAUTH_ACCESS_DENIED`. */
export function toOAuthErrorCode(error: string): OAuthErrorCode {
  return `ERR_OAUTH_${error.toUpperCase()}`;
}

/**
 * A step of an OAuth client failed (discovery, registration, a token request, or the HTTP under them): a
 * one-line message a person can act on and a stable code (`ERR_…`, the way jose names its errors). Callers branch
 * on `code`, never on the message: the CLI maps it to its exit code, the Try it panel to its own sentences.
 */
export class OAuthClientError extends Error {
  override name = 'OAuthClientError';
  readonly code: OAuthClientErrorCode;
  constructor(message: string, code: OAuthClientErrorCode) {
    super(message);
    this.code = code;
  }
}

/**
 * Whether `error` is an OAuthClientError. By name, not `instanceof`: the CLI binary loads its cores as a separate
 * script, whose copy of this class is another class object than the entry script's.
 */
export function isOAuthClientError(error: unknown): error is OAuthClientError {
  return error instanceof Error && error.name === 'OAuthClientError' && typeof (error as OAuthClientError).code === 'string';
}
