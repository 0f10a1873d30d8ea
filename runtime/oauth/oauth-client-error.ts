/**
 * A step of an OAuth client failed (discovery, registration, a token request, or the HTTP under them): a
 * one-line message a person can act on and a stable code (`ERR_…`, the way jose names its errors). Callers branch
 * on `code`, never on the message: the CLI maps it to its exit code, the Try it panel to its own sentences.
 */
export class OAuthClientError extends Error {
  override name = 'OAuthClientError';
  readonly code: string;
  constructor(message: string, code: string) {
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
