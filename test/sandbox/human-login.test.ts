import { getServerMetadata } from '../../sandbox/auth/workload-client.ts';
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_PUBLIC_CLIENT_ID } from '../../sandbox/auth/create-provider.ts';
import { postMcp, useTestSandbox } from './sandbox-fixture.ts';

const sandbox = useTestSandbox();


/** Follows redirects by hand with a cookie jar until one leaves the sandbox (the client's loopback callback). */
async function followToCallback(start: string, callbackPrefix: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!, value.join('='));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`no redirect at ${url}: ${response.status} ${await response.text()}`);
    url = new URL(location, url).href;
    if (url.startsWith(callbackPrefix)) return new URL(url);
  }
  throw new Error('too many redirects');
}

describe('a human logs in with authorization code + PKCE; the demo user is approved without an account', () => {
  it('gets a JWT access token for the base URL as demo-user and calls a tool with it', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const redirectUri = 'http://127.0.0.1:53682/callback'; // any loopback port (RFC 8252 §7.3)
    const auth = new URL((await getServerMetadata(sandbox.issuer)).authorization_endpoint);
    auth.search = new URLSearchParams({
      client_id: DEMO_PUBLIC_CLIENT_ID, response_type: 'code', redirect_uri: redirectUri, state: 'st4te',
      scope: 'warden:access warden:lessons.read', code_challenge: challenge, code_challenge_method: 'S256', resource: sandbox.baseUrl,
    }).toString();
    const callback = await followToCallback(auth.href, redirectUri);
    expect(callback.searchParams.get('state')).toBe('st4te');
    expect(callback.searchParams.get('iss')).toBe(sandbox.issuer); // RFC 9207
    const response = await fetch((await getServerMetadata(sandbox.issuer)).token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code', code: callback.searchParams.get('code')!, redirect_uri: redirectUri,
        client_id: DEMO_PUBLIC_CLIENT_ID, code_verifier: verifier, resource: sandbox.baseUrl,
      }),
    });
    const tokens = (await response.json()) as { access_token: string; scope: string };
    expect(response.status, JSON.stringify(tokens)).toBe(200);
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ sub: 'demo-user', aud: sandbox.baseUrl, iss: sandbox.issuer });
    expect(claims.scope.split(' ').sort()).toEqual(['warden:access', 'warden:lessons.read']);
    const call = await postMcp(sandbox.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_account', arguments: {} } }, tokens.access_token);
    expect(call.status).toBe(200);
    expect(await call.text()).toContain('"account_id":"demo-user"');
  });
});
