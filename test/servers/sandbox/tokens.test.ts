import { describe, expect, it } from 'vitest';
import { discoverAuthorizationServer } from '../../../runtime/oauth/authorization-server.ts';
import { registerWorkloadClient } from '../../../runtime/oauth/register-workload-client.ts';
import { getWorkloadToken, postMcp, signWithSandboxKey, useTestSandbox } from '../../helpers/sandbox-fixture.ts';

const sandbox = useTestSandbox();

const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_account', arguments: {} } };
const now = () => Math.floor(Date.now() / 1000);

describe('the sandbox verifies every bearer token itself', () => {
  it('a client-credentials token is a JWT for the base URL with warden:access', async () => {
    const token = await getWorkloadToken(sandbox, ['warden:access']);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ iss: sandbox.issuer, aud: sandbox.baseUrl, scope: 'warden:access' });
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(600);
    expect((await postMcp(sandbox.url, call, token)).status).toBe(200);
  });

  it('refuses a token for another audience (RFC 8707) with 401 invalid_token', async () => {
    const token = await signWithSandboxKey(
      sandbox.dataDir,
      { iss: sandbox.issuer, aud: 'https://elsewhere.example', sub: 'x', scope: 'warden:access', client_id: 'x' },
      now() + 300,
    );
    const response = await postMcp(sandbox.url, call, token);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(
      /^Bearer resource_metadata="[^"]+", error="invalid_token", error_description="The access token is for another resource"/,
    );
  });

  it('refuses an expired token with 401 invalid_token', async () => {
    const token = await signWithSandboxKey(
      sandbox.dataDir,
      { iss: sandbox.issuer, aud: sandbox.baseUrl, sub: 'x', scope: 'warden:access', client_id: 'x' },
      now() - 60,
    );
    const response = await postMcp(sandbox.url, call, token);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('error_description="The access token expired"');
  });

  it('refuses a token from another issuer and a garbage token', async () => {
    const other = await signWithSandboxKey(
      sandbox.dataDir,
      { iss: 'https://evil.example', aud: sandbox.baseUrl, sub: 'x', scope: 'warden:access' },
      now() + 300,
    );
    expect((await postMcp(sandbox.url, call, other)).status).toBe(401);
    expect((await postMcp(sandbox.url, call, 'not-a-jwt')).status).toBe(401);
  });

  it('a registration code is used once; the token endpoint refuses a resource other than the base URL', async () => {
    const code = await sandbox.mintRegistrationCode();
    const as = await discoverAuthorizationServer(fetch, sandbox.issuer);
    const client = await registerWorkloadClient(fetch, as, { code, clientName: 'test', scopes: [] });
    expect(client.client_secret).toBeTruthy();
    await expect(registerWorkloadClient(fetch, as, { code, clientName: 'test', scopes: [] })).rejects.toMatchObject({
      code: 'ERR_BAD_REGISTRATION_CODE',
    });
    const response = await fetch(as.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.client_id,
        client_secret: client.client_secret,
        scope: 'warden:access',
        resource: 'https://elsewhere.example',
      }),
    });
    expect((await response.json()).error).toBe('invalid_target');
  });

  it('POST /registration-codes mints a code', async () => {
    const response = await fetch(`${sandbox.url}/registration-codes`, { method: 'POST' });
    expect(response.status).toBe(201);
    const { registration_code } = (await response.json()) as { registration_code: string };
    const as = await discoverAuthorizationServer(fetch, sandbox.issuer);
    expect((await registerWorkloadClient(fetch, as, { code: registration_code, clientName: 'test', scopes: [] })).client_id).toBeTruthy();
  });
});
