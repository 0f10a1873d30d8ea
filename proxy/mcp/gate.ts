import { PATHS, toUrl } from '../../facts/paths.ts';
import type { AppConfig } from '../config.ts';
import { AuthError } from '../../runtime/auth/auth-error.ts';
import type { VerifyAccessToken } from '../../runtime/auth/access-token.ts';
import { requireBearerToken, verifyBearer } from '../../runtime/auth/bearer.ts';
import { KEY_SET_RETRY_AFTER_SECONDS, KeySetUnavailableError } from '../../runtime/auth/key-set-error.ts';
import { McpError, toMcpAuthError } from '../../runtime/mcp/mcp-error.ts';
import { needsCredential } from '../../runtime/mcp/needs-credential.ts';
import type { JsonRpcMessage } from './json-rpc.ts';
import type { HeaderLookup } from '../../runtime/http/header-lookup.ts';

/**
 * Whether a message may pass the gate without a Bearer token (content `mcp.public_methods`, and for `resources/read`
 * the published resources only; runtime/mcp/needs-credential.ts: deny by default).
 */
export function isPublicMessage(
  message: JsonRpcMessage,
  publicMethods: readonly string[],
  publicResources: readonly string[] = [],
): boolean {
  if (message.kind === 'response') return !needsCredential({ hasId: true }, publicMethods);
  return !needsCredential(
    { method: message.method, hasId: message.kind !== 'notification', params: message.params },
    publicMethods,
    publicResources,
  );
}

/** A credential refusal with this host's challenge (its metadata, and the scopes to ask for). */
export function toRefusal(
  config: AppConfig,
  error: AuthError,
  id: string | number | null,
  scopes: readonly string[] = [config.accessScope],
): McpError {
  return toMcpAuthError(error, { resourceMetadata: toUrl(config.baseUrl, PATHS.protectedResource), scopes, id });
}

/**
 * Whether this request needs a credential. A POST does unless its message is public (contract RPC-3).
 * GET carries no method: it opens the legacy era's server stream, which an anonymous client that only lists tools
 * may open, so a token is checked only when one is sent. DELETE ends a session, and a session id is no credential
 * (MCP security best practices: sessions are not authentication), so it needs one.
 */
export function needsToken(config: AppConfig, method: string, headers: HeaderLookup, message: JsonRpcMessage | undefined): boolean {
  if (message) return !isPublicMessage(message, config.publicMethods, config.publicResources);
  return method === 'DELETE' || headers.get('authorization') !== null;
}

/**
 * The auth gate (contract RPC-2, AUTH-2): no token where one is required → 401 with the resource_metadata
 * challenge; a token is verified when verification is configured: invalid → 401 `invalid_token`, missing scope →
 * 403 `insufficient_scope` (MCP authorization); an unavailable key set → 503 with Retry-After, the token kept. Without a verifier the upstream, the same resource server,
 * verifies it. Where none is required, a stale token does not turn a public call into a refusal: it is not read.
 */
export async function requireAccess(
  config: AppConfig,
  verify: VerifyAccessToken | undefined,
  authorization: string | null,
  id: string | number | null,
): Promise<void> {
  try {
    if (verify) await verifyBearer(authorization, { verify, requiredScopes: [config.accessScope] });
    else requireBearerToken(authorization);
  } catch (error) {
    if (error instanceof AuthError) throw toRefusal(config, error, id);
    if (error instanceof KeySetUnavailableError) {
      throw new McpError(
        'ERR_JWKS_UNAVAILABLE',
        'The access token could not be checked: the signing keys are unavailable. Keep it and retry.',
        {
          id,
          headers: { 'retry-after': String(KEY_SET_RETRY_AFTER_SECONDS) },
          cause: error.cause ?? error,
        },
      );
    }
    throw error;
  }
}
