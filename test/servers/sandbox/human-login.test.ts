import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { discoverAuthorizationServer } from '../../../runtime/oauth/authorization-server.ts';
import { readTestContent } from '../../helpers/built-site.ts';
import { approveDeviceOverHttp, signInOverHttp } from '../../helpers/http-sign-in.ts';
import { postMcp, useTestSandbox } from '../../helpers/sandbox-fixture.ts';

const sandbox = useTestSandbox();
const { site } = await readTestContent();
const CLI = site.cli.client_id;

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields),
});
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/** The CLI's login: authorization code + PKCE to a loopback redirect on any port (RFC 8252 §7.3). */
async function authorize(options: { redirectUri?: string; resource?: string; decision?: 'continue' | 'cancel' } = {}) {
  const metadata = await discoverAuthorizationServer(fetch, sandbox.issuer);
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = options.redirectUri ?? `http://127.0.0.1:${40000 + Math.floor(Math.random() * 20000)}/callback`;
  const url = new URL(metadata.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: CLI,
    response_type: 'code',
    redirect_uri: redirectUri,
    state: 'st4te',
    scope: 'warden:access warden:lessons.read',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: options.resource ?? sandbox.baseUrl,
  }).toString();
  const callback = await signInOverHttp(url.href, options.decision);
  return { callback, verifier, redirectUri, metadata };
}

async function redeem(options: Parameters<typeof authorize>[0] = {}) {
  const { callback, verifier, redirectUri, metadata } = await authorize(options);
  const response = await fetch(
    metadata.token_endpoint,
    form({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: redirectUri,
      client_id: CLI,
      code_verifier: verifier,
      resource: options.resource ?? sandbox.baseUrl,
    }),
  );
  const tokens = (await response.json()) as { access_token: string; refresh_token: string; scope: string; expires_in: number };
  expect(response.status, JSON.stringify(tokens)).toBe(200);
  return { tokens, metadata };
}

describe("the CLI's public client signs a person in through the sign-in page (contract AUTH-5)", () => {
  it('gets an access token for the base URL as demo-user, and a refresh token, then calls a tool', async () => {
    const { tokens } = await redeem();
    const claims = claimsOf(tokens.access_token);
    expect(claims).toMatchObject({ sub: 'demo-user', aud: sandbox.baseUrl, iss: sandbox.issuer, client_id: CLI });
    expect(String(claims.scope).split(' ').sort()).toEqual(['warden:access', 'warden:lessons.read']);
    expect(tokens.refresh_token).toMatch(/\S{20,}/);
    const call = await postMcp(
      sandbox.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_account', arguments: {} } },
      tokens.access_token,
    );
    expect(call.status).toBe(200);
    expect(await call.text()).toContain('"account_id":"demo-user"');
  });

  it('returns state and the RFC 9207 iss to the loopback callback', async () => {
    const { callback } = await authorize({ redirectUri: 'http://[::1]:53682/callback' });
    expect(callback.origin).toBe('http://[::1]:53682');
    expect(callback.searchParams.get('state')).toBe('st4te');
    expect(callback.searchParams.get('iss')).toBe(sandbox.issuer);
  });

  it('answers Cancel with access_denied and no code', async () => {
    const { callback } = await authorize({ decision: 'cancel' });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('refreshes with a rotated refresh token, and revoking it (RFC 7009) ends the session', async () => {
    const { tokens, metadata } = await redeem();
    const refreshed = await fetch(
      metadata.token_endpoint,
      form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: CLI }),
    );
    const next = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect(refreshed.status, JSON.stringify(next)).toBe(200);
    expect(claimsOf(next.access_token)).toMatchObject({ sub: 'demo-user', aud: sandbox.baseUrl });
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    const revocationEndpoint = (metadata as unknown as Record<string, string>).revocation_endpoint!;
    const revoked = await fetch(revocationEndpoint, form({ token: next.refresh_token, token_type_hint: 'refresh_token', client_id: CLI }));
    expect(revoked.status).toBe(200);
    const again = await fetch(
      metadata.token_endpoint,
      form({ grant_type: 'refresh_token', refresh_token: next.refresh_token, client_id: CLI }),
    );
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it("issues a token for the hosted origin's own resource when asked, and refuses any other resource", async () => {
    const { tokens } = await redeem({ resource: sandbox.url });
    expect(claimsOf(tokens.access_token).aud).toBe(sandbox.url);
    const metadata = await discoverAuthorizationServer(fetch, sandbox.issuer);
    const url = new URL(metadata.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: CLI,
      response_type: 'code',
      redirect_uri: 'http://127.0.0.1:5000/callback',
      scope: 'warden:access',
      resource: 'https://elsewhere.example',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    }).toString();
    const refused = await signInOverHttp(url.href);
    expect(refused.searchParams.get('error')).toBe('invalid_target');
  });
});

describe('the device authorization grant (RFC 8628) signs in a machine without a browser', () => {
  const start = async () => {
    const metadata = await discoverAuthorizationServer(fetch, sandbox.issuer);
    const response = await fetch(
      metadata.device_authorization_endpoint!,
      form({ client_id: CLI, scope: 'warden:access', resource: sandbox.baseUrl }),
    );
    const device = (await response.json()) as {
      device_code: string;
      user_code: string;
      verification_uri: string;
      verification_uri_complete: string;
      interval: number;
    };
    expect(response.status, JSON.stringify(device)).toBe(200);
    const poll = () =>
      fetch(
        metadata.token_endpoint!,
        form({ grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: device.device_code, client_id: CLI }),
      ).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, string> }));
    return { device, poll };
  };

  it('is pending until the person approves the code on the sign-in pages, then issues the tokens', async () => {
    const { device, poll } = await start();
    expect(device.verification_uri).toBe(`${sandbox.issuer}/device`);
    expect((await poll()).body.error).toBe('authorization_pending');
    const page = await approveDeviceOverHttp(device.verification_uri_complete);
    expect(page).toContain('is signed in');
    const { status, body } = await poll();
    expect(status, JSON.stringify(body)).toBe(200);
    expect(claimsOf(body.access_token!)).toMatchObject({ sub: 'demo-user', aud: sandbox.baseUrl, client_id: CLI });
    expect(body.refresh_token).toBeTruthy();
  });

  it('ends in access_denied when the person cancels', async () => {
    const { device, poll } = await start();
    const page = await approveDeviceOverHttp(device.verification_uri_complete, 'cancel');
    expect(page).toContain('The sign-in was cancelled.');
    expect((await poll()).body.error).toBe('access_denied');
  });
});
