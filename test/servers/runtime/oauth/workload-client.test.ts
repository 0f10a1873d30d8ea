import { describe, expect, it } from 'vitest';
import { discoverAuthorizationServer, type AuthServerMetadata } from '../../../../runtime/oauth/authorization-server.ts';
import { getClientCredentialsToken } from '../../../../runtime/oauth/client-credentials-token.ts';
import { registerWorkloadClient } from '../../../../runtime/oauth/register-workload-client.ts';
import { useTestSandbox } from '../../../helpers/sandbox-fixture.ts';
import { useDocumentServer } from '../../../helpers/document-server.ts';

const sandbox = useTestSandbox();
const server = useDocumentServer();
const scopes = ['warden:access', 'warden:lessons.read'];
const fakeServer = (): AuthServerMetadata => ({
  issuer: server.origin,
  token_endpoint: `${server.origin}/token`,
  registration_endpoint: `${server.origin}/register`,
});

describe('a workload client against the sandbox', () => {
  it('registers with a registration code (RFC 7591 §3) and gets a token by client credentials for a resource', async () => {
    const as = await discoverAuthorizationServer(fetch, sandbox.issuer);
    const client = await registerWorkloadClient(fetch, as, { code: await sandbox.mintRegistrationCode(), clientName: 'core test', scopes });
    expect(client).toMatchObject({
      client_id: expect.any(String),
      client_secret: expect.any(String),
      token_endpoint_auth_method: 'client_secret_basic',
      scope: scopes.join(' '),
    });
    const token = await getClientCredentialsToken(fetch, as, client, sandbox.baseUrl, [...scopes, 'warden:lessons.write']);
    // Only the granted scopes are asked for: the third would be refused as invalid_scope.
    expect(token).toMatchObject({
      access_token: expect.any(String),
      token_type: expect.stringMatching(/^bearer$/i),
      scope: scopes.join(' '),
    });
  });

  it('a code is used once; a resource the server does not serve is refused with the OAuth error', async () => {
    const as = await discoverAuthorizationServer(fetch, sandbox.issuer);
    const code = await sandbox.mintRegistrationCode();
    const client = await registerWorkloadClient(fetch, as, { code, clientName: 'core test', scopes: [] });
    await expect(registerWorkloadClient(fetch, as, { code, clientName: 'again', scopes: [] })).rejects.toMatchObject({
      code: 'ERR_BAD_REGISTRATION_CODE',
      message: 'the registration code was refused (wrong, already used or expired): get a new one from the dashboard',
    });
    await expect(getClientCredentialsToken(fetch, as, client, 'https://elsewhere.example', scopes)).rejects.toMatchObject({
      code: 'ERR_OAUTH_INVALID_TARGET',
      error: 'invalid_target',
    });
  });
});

describe('what a workload client refuses', () => {
  it('a registration refused with an OAuth error, an answer without a secret, a server without registration', async () => {
    server.answers = { 'POST /register': { status: 400, body: { error: 'invalid_client_metadata', error_description: 'no' } } };
    await expect(registerWorkloadClient(fetch, fakeServer(), { code: 'c', clientName: 'n', scopes: [] })).rejects.toMatchObject({
      code: 'ERR_REGISTRATION',
      message: 'registration was refused: invalid_client_metadata (no)',
    });
    server.answers = { 'POST /register': { status: 201, body: { client_id: 'x' } } };
    await expect(registerWorkloadClient(fetch, fakeServer(), { code: 'c', clientName: 'n', scopes: [] })).rejects.toMatchObject({
      code: 'ERR_BAD_DOCUMENT',
    });
    const { registration_endpoint: _none, ...withoutRegistration } = fakeServer();
    await expect(registerWorkloadClient(fetch, withoutRegistration, { code: 'c', clientName: 'n', scopes: [] })).rejects.toMatchObject({
      code: 'ERR_UNSUPPORTED',
    });
  });

  it('sends the code as a Bearer initial access token and the secret by HTTP Basic; refuses a token answer that is not Bearer', async () => {
    server.seen.length = 0;
    server.answers = {
      'POST /register': {
        status: 201,
        body: { client_id: 'id:1', client_secret: 's/2', token_endpoint_auth_method: 'client_secret_basic' },
      },
      'POST /token': { token_type: 'mac', access_token: 't' },
    };
    const client = await registerWorkloadClient(fetch, fakeServer(), { code: 'the-code', clientName: 'n', scopes: ['a'] });
    expect(server.seen[0]!.headers.authorization).toBe('Bearer the-code');
    expect(JSON.parse(server.seen[0]!.body)).toMatchObject({ client_name: 'n', grant_types: ['client_credentials'], scope: 'a' });
    await expect(getClientCredentialsToken(fetch, fakeServer(), client, 'https://r.example', ['a'])).rejects.toMatchObject({
      code: 'ERR_BAD_TOKEN_RESPONSE',
    });
    // RFC 6749 §2.3.1: id and secret are form-urlencoded before they are joined.
    expect(server.seen[1]!.headers.authorization).toBe(`Basic ${btoa('id%3A1:s%2F2')}`);
    expect(Object.fromEntries(new URLSearchParams(server.seen[1]!.body))).toEqual({
      grant_type: 'client_credentials',
      resource: 'https://r.example',
      scope: 'a',
    });
  });
});
