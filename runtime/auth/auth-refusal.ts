import { toChallenge } from '../http/www-authenticate.ts';
import type { AuthError } from './auth-error.ts';

/** How a refused credential is answered: its one `WWW-Authenticate` value and a sentence for the client. */
export interface AuthRefusal {
  challenge: string;
  detail: string;
}

/**
 * The challenge of a refused credential (RFC 6750 §3, RFC 9728 §5.1, MCP authorization): no token → the bare
 * challenge with the scopes to ask for (401); a bad token → `invalid_token` (401); a missing scope →
 * `insufficient_scope` naming every scope the call needs (403). The status follows from the code
 * (runtime/mcp/mcp-error.ts).
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
  return { challenge, detail: `${error.description}.` };
}
