import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { signInOverHttp } from '../../helpers/http-sign-in.ts';
import { useTestSandbox } from '../../helpers/sandbox-fixture.ts';

const sandbox = useTestSandbox();

const metadata = async () =>
  (await (await fetch(`${sandbox.issuer}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
const register = async (body: Record<string, unknown>, code?: string) => {
  const response = await fetch(String((await metadata()).registration_endpoint), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(code ? { authorization: `Bearer ${code}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
/** Registered clients, counted in the sandbox's own store: a refused registration must leave no trace. */
const countClients = () => {
  const db = new DatabaseSync(join(sandbox.dataDir, 'sandbox.db'), { readOnly: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM oauth WHERE model = 'Client'").get() as { n: number }).n;
  } finally {
    db.close();
  }
};
// What mcp-remote and the MCP SDKs send (a public client with a loopback callback).
const mcpClient = (redirect: string) => ({
  client_name: 'MCP CLI Proxy',
  redirect_uris: [redirect],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
});

describe('RFC 8414 metadata advertises every way in', () => {
  it('names registration, the device grant, revocation, Client ID Metadata Documents and PKCE S256', async () => {
    const m = await metadata();
    expect(m).toMatchObject({
      issuer: sandbox.issuer,
      registration_endpoint: `${sandbox.issuer}/reg`,
      device_authorization_endpoint: `${sandbox.issuer}/device/auth`,
      revocation_endpoint: `${sandbox.issuer}/token/revocation`,
      client_id_metadata_document_supported: true,
    });
    expect(m.code_challenge_methods_supported).toEqual(['S256']);
    expect(m.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token', 'client_credentials', 'urn:ietf:params:oauth:grant-type:device_code']),
    );
  });
});

describe('open dynamic registration (RFC 7591) of clients that sign people in', () => {
  it.each([
    'http://localhost:33418/oauth/callback', // mcp-remote
    'http://127.0.0.1:6274/oauth/callback/debug', // the Inspector
    'http://[::1]:9/any/path',
    'https://client.example/callback',
  ])('registers a public client redirecting to %s without a code', async (redirect) => {
    const { status, body } = await register(mcpClient(redirect));
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({
      redirect_uris: [redirect],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
    });
    expect(body.client_secret).toBeUndefined();
    expect(body.registration_access_token).toBeUndefined();
  });

  it("registers Cursor's request: an app's private-use scheme beside https and loopback, as a native app (RFC 8252 §7.1)", async () => {
    const redirects = [
      'cursor://anysphere.cursor-mcp/oauth/callback',
      'https://www.cursor.com/agents/mcp/oauth/callback',
      'http://localhost:8787/callback',
    ];
    const { status, body } = await register({ ...mcpClient(redirects[0]!), client_name: 'Cursor', redirect_uris: redirects });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ redirect_uris: redirects, application_type: 'native' });
  });

  it('signs in a client that registered a loopback redirect without a port on whatever port it listens (RFC 8252 §7.3)', async () => {
    const { body } = await register(mcpClient('http://127.0.0.1/callback'));
    const url = new URL(String((await metadata()).authorization_endpoint));
    const authorize = (redirect: string) => {
      url.search = new URLSearchParams({
        client_id: String(body.client_id),
        response_type: 'code',
        redirect_uri: redirect,
        scope: 'warden:access',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      }).toString();
      return url.href;
    };
    const callback = await signInOverHttp(authorize('http://127.0.0.1:52163/callback'));
    expect(callback.origin).toBe('http://127.0.0.1:52163');
    expect(callback.searchParams.get('code')).toBeTruthy();
    // Only the port may differ: another path or another loopback name is not the registered redirect.
    for (const other of ['http://127.0.0.1:52163/other', 'http://localhost:52163/callback']) {
      const refused = await fetch(authorize(other), { redirect: 'manual' });
      expect(refused.status, other).toBe(400);
      expect(await refused.text()).toContain('redirect_uri did not match any of the client&#39;s registered redirect_uris');
    }
  });

  it.each([
    [{ ...mcpClient('http://client.example/callback') }, 'invalid_redirect_uri', /not loopback/],
    [{ ...mcpClient('javascript:alert(1)') }, 'invalid_redirect_uri', /javascript scheme/],
    [{ client_name: 'w', grant_types: ['client_credentials'], redirect_uris: [] }, 'invalid_client_metadata', /needs a registration code/],
    [{ ...mcpClient('http://127.0.0.1/cb'), grant_types: ['implicit'] }, 'invalid_client_metadata', /"implicit" is not offered/],
    [{ ...mcpClient('http://127.0.0.1/cb'), scope: 'warden:access admin:all' }, 'invalid_client_metadata', /"admin:all" is not a scope/],
  ])('refuses %j with %s, naming what is refused, and stores nothing', async (request, error, description) => {
    const before = countClients();
    const { status, body } = await register(request);
    expect(status).toBe(400);
    expect(body.error).toBe(error);
    expect(String(body.error_description)).toMatch(description);
    expect(countClients()).toBe(before);
  });
});

describe('a registration code registers a workload client, and nothing else (contract AUTH-4)', () => {
  it('gives a confidential client_credentials client with a secret, once', async () => {
    const code = await sandbox.mintRegistrationCode();
    const { status, body } = await register({ client_name: 'ci', grant_types: ['client_credentials'] }, code);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      grant_types: ['client_credentials'],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_basic',
    });
    expect(String(body.client_secret)).toMatch(/^[\w-]{40,}$/);
    const before = countClients();
    const reused = await register({ client_name: 'ci-2', grant_types: ['client_credentials'] }, code);
    expect(reused.status).toBe(401);
    expect(reused.body.error).toBe('invalid_token');
    expect(countClients()).toBe(before);
  });

  it('refuses a sign-in client asked for with a code instead of turning it into a workload client, and keeps the code', async () => {
    const code = await sandbox.mintRegistrationCode();
    const before = countClients();
    const { status, body } = await register(mcpClient('http://127.0.0.1:5000/callback'), code);
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_client_metadata');
    expect(String(body.error_description)).toMatch(/"authorization_code", "refresh_token" is refused/);
    expect(countClients()).toBe(before);
    expect((await register({ client_name: 'ci', grant_types: ['client_credentials'] }, code)).status).toBe(201);
  });

  it('refuses a wrong code', async () => {
    const { status, body } = await register({ client_name: 'ci', grant_types: ['client_credentials'] }, 'not-a-code');
    expect(status).toBe(401);
    expect(body.error).toBe('invalid_token');
  });
});
