import { PATHS, toUrl } from '../../src/lib/paths.ts';
import type { AppConfig } from '../config.ts';
import { AuthError } from '../../runtime/auth/auth-error.ts';
import type { VerifyAccessToken } from '../../runtime/auth/access-token.ts';
import { toAuthRefusal } from '../../runtime/auth/auth-refusal.ts';
import { requireBearerToken, verifyBearer } from '../../runtime/auth/bearer.ts';
import { createRpcError } from '../errors/http-errors.ts';
import type { JsonRpcMessage } from './json-rpc.ts';
import { needsCredential } from '../../runtime/mcp/needs-credential.ts';

/** Whether a message may pass the gate without a Bearer token (content `mcp.public_methods`; deny by default). */
export function isPublicMessage(message: JsonRpcMessage, publicMethods: readonly string[]): boolean {
  const method = message.kind === 'response' ? undefined : message.method;
  return !needsCredential({ method, hasId: message.kind !== 'notification' }, publicMethods);
}

/** The refusal of a credential as the one JSON-RPC error of the MCP paths, with its challenge (-31401 / -31403). */
export function toRefusalError(config: AppConfig, error: AuthError, id: string | number | null = null, scopes: readonly string[] = [config.accessScope]) {
  const refusal = toAuthRefusal(error, { resourceMetadata: toUrl(config.baseUrl, PATHS.protectedResource), scopes });
  return createRpcError(config.errors, refusal.rpcCode, { id, headers: { 'www-authenticate': refusal.challenge }, detail: refusal.detail });
}

/**
 * The auth gate (contract §4.2 rule 2, §5): no token where one is required → 401 with the
 * resource_metadata challenge; a token is verified when verification is configured: invalid → 401
 * `invalid_token`, missing scope → 403 `insufficient_scope` (MCP authorization). Without a verifier the
 * upstream, the same resource server, verifies it. Where none is required (rule 3), a stale token does not
 * turn a public call into a refusal: it is not looked at.
 */
export async function requireAccess(
  config: AppConfig,
  verify: VerifyAccessToken | undefined,
  authorization: string | null,
  required: boolean,
  id: string | number | null = null,
): Promise<void> {
  if (!required) return;
  try {
    if (verify) await verifyBearer(authorization, { verify, requiredScopes: [config.accessScope] });
    else requireBearerToken(authorization);
  } catch (error) {
    if (error instanceof AuthError) throw toRefusalError(config, error, id);
    throw error;
  }
}
