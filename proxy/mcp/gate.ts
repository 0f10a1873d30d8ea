import { PATHS, toUrl } from '../../src/lib/paths.ts';
import type { AppConfig } from '../config.ts';
import { toChallenge } from '../../src/lib/www-authenticate.ts';
import { TokenError, type VerifyToken } from '../auth/token-verifier.ts';
import { createRpcError } from '../errors/http-errors.ts';
import type { JsonRpcMessage } from './json-rpc.ts';
import { needsCredential } from '../../src/lib/needs-credential.ts';

/** Whether a message may pass the gate without a Bearer token (content `mcp.public_methods`; deny by default). */
export function isPublicMessage(message: JsonRpcMessage, publicMethods: readonly string[]): boolean {
  const method = message.kind === 'response' ? undefined : message.method;
  return !needsCredential({ method, hasId: message.kind !== 'notification' }, publicMethods);
}

/** The Bearer token of an Authorization header, '' for an empty Bearer, undefined for none or another scheme. */
export function toBearerToken(authorization: string | null): string | undefined {
  if (!authorization) return undefined;
  const match = /^Bearer(?:\s+(.*))?$/i.exec(authorization.trim());
  if (!match) return undefined;
  const token = (match[1] ?? '').trim();
  return /^[A-Za-z0-9\-._~+/]+=*$/.test(token) ? token : '';
}

/**
 * The auth gate (contract §4.2 rule 2, §5): no token where one is required → 401 with the
 * resource_metadata challenge; where one is required, it is verified when verification is configured:
 * invalid → 401 `invalid_token`, missing scope → 403 `insufficient_scope` (mcp.md §6.2). Where none is
 * required (rule 3), a stale token does not turn a public call into a refusal: it is not looked at.
 */
export async function requireAccess(
  config: AppConfig,
  verifyToken: VerifyToken | undefined,
  authorization: string | null,
  required: boolean,
  id: string | number | null = null,
): Promise<void> {
  if (!required) return;
  const resourceMetadata = toUrl(config.baseUrl, PATHS.protectedResource);
  const token = toBearerToken(authorization);
  if (token === undefined) {
    const challenge = toChallenge({ resourceMetadata, scope: config.accessScope });
    throw createRpcError(config.errors, -31401, { id, headers: { 'www-authenticate': challenge }, detail: 'This method needs an OAuth Bearer access token.' });
  }
  const refuse = (error: TokenError) => {
    const code = error.reason === 'insufficient_scope' ? -31403 : -31401;
    const scope = error.reason === 'insufficient_scope' ? config.accessScope : undefined;
    const challenge = toChallenge({ error: error.reason, description: error.description, scope, resourceMetadata });
    return createRpcError(config.errors, code, { id, headers: { 'www-authenticate': challenge }, detail: `${error.description}.` });
  };
  if (token === '') throw refuse(new TokenError('invalid_token', 'The Authorization header has no valid Bearer token'));
  if (!verifyToken) return; // No verifier configured: the upstream, the same resource server, checks the token.
  try {
    await verifyToken(token);
  } catch (error) {
    if (error instanceof TokenError) throw refuse(error);
    throw error;
  }
}
