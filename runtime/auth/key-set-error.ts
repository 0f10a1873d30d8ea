/**
 * The authorization server's key set could not be fetched (unreachable, timed out, not a JWK Set), so a token
 * signed with a key not yet cached cannot be judged. It is not a refused credential: the client must keep its
 * token and retry, so this is answered 503 with Retry-After (RFC 9110 §15.6.4), never `invalid_token`.
 */
export class KeySetUnavailableError extends Error {
  override name = 'KeySetUnavailableError';
  readonly code = 'ERR_JWKS_UNAVAILABLE';
}

/** Seconds a client is asked to wait before retrying while the key set is unavailable (`Retry-After`). */
export const KEY_SET_RETRY_AFTER_SECONDS = 30;
