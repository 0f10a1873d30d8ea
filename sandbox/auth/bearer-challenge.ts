import { OAuthError, OAuthErrorCode } from '@modelcontextprotocol/server';
import { toChallenge, type ChallengeParams } from '../../src/lib/www-authenticate.ts';

/** Where the challenge points clients (RFC 9728 §5.1) and which scopes the call needs. */
export interface ChallengeOptions {
  resourceMetadataUrl: string;
  scopes: string[];
}


/** Maps a bearer failure to 401/403 with the WWW-Authenticate forms of RFC 6750 §3 and MCP authorization. */
export function toChallengeResponse(error: unknown, o: ChallengeOptions): Response {
  const challenge = { resourceMetadata: o.resourceMetadataUrl, scope: o.scopes.join(' ') };
  let params: ChallengeParams = challenge;
  let status = 401;
  let body: Record<string, string> = { error: 'invalid_token', error_description: 'Missing Authorization header' };
  if (error instanceof OAuthError && /missing authorization/i.test(error.message)) {
    // RFC 6750 §3.1: no error code when the request carried no credentials at all.
  } else if (error instanceof OAuthError && error.code === OAuthErrorCode.InsufficientScope) {
    status = 403;
    body = { error: 'insufficient_scope', error_description: `This call needs the scopes: ${o.scopes.join(' ')}` };
    params = { ...challenge, error: 'insufficient_scope', description: body.error_description };
  } else {
    const description = error instanceof OAuthError ? error.message : 'The access token is not valid';
    body = { error: 'invalid_token', error_description: description };
    params = { ...challenge, error: 'invalid_token', description };
  }
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'www-authenticate': toChallenge(params) },
  });
}
