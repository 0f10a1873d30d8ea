import type { VerifyAccessToken } from '../../../runtime/auth/access-token.ts';
import { AuthError } from '../../../runtime/auth/auth-error.ts';
import { toAuthRefusal } from '../../../runtime/auth/auth-refusal.ts';
import { verifyBearer } from '../../../runtime/auth/bearer.ts';
import { KEY_SET_RETRY_AFTER_SECONDS, KeySetUnavailableError } from '../../../runtime/auth/key-set-error.ts';
import { PATHS, toUrl } from '../../../facts/paths.ts';
import type { AppConfig } from '../../config.ts';
import type { EdgeRequest } from '../../edge-request.ts';
import { createProblemError } from '../../errors/http-errors.ts';

/** The problem code of a refused credential: none → token_required, a missing scope → insufficient_scope, else token_invalid. */
const toProblemCode = (error: AuthError) =>
  error.code === 'ERR_NO_TOKEN' ? 'token_required' : error.code === 'ERR_TOKEN_SCOPE' ? 'insufficient_scope' : 'token_invalid';

/**
 * The operator's gate on the feedback routes: an access token from the authorization server the edge already trusts,
 * with the operator scope. Refused as the MCP gate refuses (RFC 6750 §3, RFC 9728 §5.1): no token → 401 with
 * `WWW-Authenticate: Bearer resource_metadata=…` and the scope to ask for; a bad one → 401 `invalid_token`; one without
 * the scope → 403 `insufficient_scope`; in a problem document (RFC 9457). Without a verifier, or with its key set out of
 * reach, nothing can be judged: 503.
 */
export function createOperatorGate(config: AppConfig, verify: VerifyAccessToken | undefined) {
  const resourceMetadata = toUrl(config.baseUrl, PATHS.protectedResource);
  const scopes = [config.feedback.operatorScope];
  return async (request: EdgeRequest): Promise<void> => {
    if (!verify) {
      throw createProblemError(config.errors, 'operator_view_unavailable', {
        detail: 'This edge checks no access tokens: set TOKEN_JWKS_URL to the authorization server’s key set.',
        headers: { 'retry-after': String(KEY_SET_RETRY_AFTER_SECONDS) },
      });
    }
    try {
      await verifyBearer(request.headers.get('authorization'), { verify, requiredScopes: scopes });
    } catch (error) {
      if (error instanceof AuthError) {
        const refusal = toAuthRefusal(error, { resourceMetadata, scopes });
        throw createProblemError(config.errors, toProblemCode(error), {
          detail: refusal.detail,
          headers: { 'www-authenticate': refusal.challenge },
        });
      }
      if (error instanceof KeySetUnavailableError) {
        throw createProblemError(config.errors, 'operator_view_unavailable', {
          detail: 'The authorization server’s signing keys could not be fetched; keep the token and retry.',
          headers: { 'retry-after': String(KEY_SET_RETRY_AFTER_SECONDS) },
        });
      }
      throw error;
    }
  };
}
