import { OAuthError, OAuthErrorCode } from '@modelcontextprotocol/server';

/** Where the challenge points clients (RFC 9728 §5.1) and which scopes the call needs. */
export interface ChallengeOptions {
  resourceMetadataUrl: string;
  scopes: string[];
}

const quote = (s: string) => `"${s.replace(/["\\]/g, '')}"`;

/** Maps a bearer failure to 401/403 with the WWW-Authenticate forms of RFC 6750 §3 and MCP authorization. */
export function toChallengeResponse(error: unknown, o: ChallengeOptions): Response {
  const params = [`resource_metadata=${quote(o.resourceMetadataUrl)}`, `scope=${quote(o.scopes.join(' '))}`];
  let status = 401;
  let body: Record<string, string> = { error: 'invalid_token', error_description: 'Missing Authorization header' };
  if (error instanceof OAuthError && /missing authorization/i.test(error.message)) {
    // RFC 6750 §3.1: no error code when the request carried no credentials at all.
  } else if (error instanceof OAuthError && error.code === OAuthErrorCode.InsufficientScope) {
    status = 403;
    body = { error: 'insufficient_scope', error_description: `This call needs the scopes: ${o.scopes.join(' ')}` };
    params.unshift(`error="insufficient_scope"`, `error_description=${quote(body.error_description!)}`);
  } else {
    const description = error instanceof OAuthError ? error.message : 'The access token is not valid';
    body = { error: 'invalid_token', error_description: description };
    params.unshift(`error="invalid_token"`, `error_description=${quote(description)}`);
  }
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'www-authenticate': `Bearer ${params.join(', ')}` },
  });
}
