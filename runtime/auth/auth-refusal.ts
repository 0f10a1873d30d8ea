import { toChallenge } from '../http/www-authenticate.ts';
import type { AuthError } from './auth-error.ts';

/** How a refused credential is answered on an MCP path: status, JSON-RPC code, challenge and detail. */
export interface AuthRefusal {
  status: 401 | 403;
  /** content/errors.yaml: -31401 Unauthorized, -31403 Forbidden. */
  rpcCode: -31401 | -31403;
  /** One well-formed `WWW-Authenticate` value. */
  challenge: string;
  detail: string;
}

/**
 * Maps a refused credential to 401 or 403 and its challenge (RFC 6750 §3, RFC 9728 §5.1, MCP authorization):
 * no token → 401 with the bare challenge and the scopes to ask for; a bad token → 401 `invalid_token`;
 * a missing scope → 403 `insufficient_scope` naming every scope the call needs.
 */
export function toAuthRefusal(error: AuthError, options: { resourceMetadata: string; scopes: readonly string[] }): AuthRefusal {
  const scope = options.scopes.join(' ');
  const oauthError = error.oauthError;
  const challenge = toChallenge({
    resourceMetadata: options.resourceMetadata,
    error: oauthError,
    description: oauthError ? error.description : undefined,
    // The scope hint goes on a bare challenge (what to ask for) and on insufficient_scope (what is missing).
    scope: oauthError === 'invalid_token' ? undefined : scope,
  });
  const forbidden = oauthError === 'insufficient_scope';
  return { status: forbidden ? 403 : 401, rpcCode: forbidden ? -31403 : -31401, challenge, detail: `${error.description}.` };
}
