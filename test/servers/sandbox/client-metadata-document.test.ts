import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClientDocuments, type ClientDocuments } from '../../helpers/client-documents.ts';
import { signInOverHttp } from '../../helpers/http-sign-in.ts';
import { startSandboxProcess, type SandboxProcess } from '../../helpers/sandbox-process.ts';
import { makeDataDir } from '../../helpers/sandbox-fixture.ts';

// Client ID Metadata Documents (MCP authorization 2025-11-25 and 2026-07-28): the client id is an https URL of a
// JSON document the authorization server fetches. The documents are served over https on loopback with a CA made
// for this run, which the sandbox trusts through NODE_EXTRA_CA_CERTS.
const dir = makeDataDir();
let documents: ClientDocuments;
let sandbox: SandboxProcess;

beforeAll(async () => {
  documents = await startClientDocuments();
  sandbox = await startSandboxProcess({
    SANDBOX_DATA_DIR: dir.dataDir,
    BASE_URL: 'http://127.0.0.1:1',
    NODE_EXTRA_CA_CERTS: documents.caFile,
  });
});
afterAll(async () => {
  await sandbox?.close();
  await documents?.close();
  dir.remove();
});

/** Publishes a metadata document at `path` whose client_id is its own URL unless overridden. */
const publish = (path: string, fields: Record<string, unknown> = {}) =>
  documents.publish(path, 'http://127.0.0.1:43210/oauth/callback', fields);

function authorizeUrl(clientId: string, verifier: string, redirectUri = 'http://127.0.0.1:43210/oauth/callback'): string {
  const url = new URL(`${sandbox.url}/oauth/authorize`);
  url.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'warden:access',
    resource: sandbox.url,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  return url.href;
}

describe('Client ID Metadata Documents', () => {
  it('are advertised in the RFC 8414 metadata', async () => {
    const metadata = (await (await fetch(`${sandbox.url}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(metadata.client_id_metadata_document_supported).toBe(true);
  });

  it('a client known only by its document URL signs in, its page naming where the name comes from, and gets a token', async () => {
    const clientId = publish('/clients/good.json');
    const verifier = randomBytes(32).toString('base64url');
    const html = await (async () => {
      const start = await fetch(authorizeUrl(clientId, verifier), { redirect: 'manual' });
      const cookie = start.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      return (await fetch(new URL(start.headers.get('location')!, sandbox.url), { headers: { cookie } })).text();
    })();
    expect(html).toContain(
      `<strong>Test MCP client</strong> <span class="muted">(metadata document at ${new URL(documents.origin).host})</span>`,
    );
    const callback = await signInOverHttp(authorizeUrl(clientId, verifier));
    const code = callback.searchParams.get('code');
    expect(code, callback.href).toBeTruthy();
    const response = await fetch(`${sandbox.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code!,
        redirect_uri: 'http://127.0.0.1:43210/oauth/callback',
        client_id: clientId,
        code_verifier: verifier,
        resource: sandbox.url,
      }),
    });
    const tokens = (await response.json()) as { access_token: string };
    expect(response.status, JSON.stringify(tokens)).toBe(200);
    expect(JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString())).toMatchObject({
      client_id: clientId,
      aud: sandbox.url,
      sub: 'demo-user',
    });
  });

  it("signs in a client whose document lists loopback redirects without a port, on the port it listens on (Claude Code's shape, RFC 8252 §7.3)", async () => {
    const clientId = publish('/clients/portless.json', { redirect_uris: ['http://localhost/callback', 'http://127.0.0.1/callback'] });
    const callback = await signInOverHttp(authorizeUrl(clientId, 'v'.repeat(43), 'http://127.0.0.1:52163/callback'));
    expect(callback.origin).toBe('http://127.0.0.1:52163');
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it.each([
    ['a client_id that is not its own URL', { client_id: 'https://elsewhere.example/client.json' }, /client_id does not match/],
    ['an http redirect to a host that is not loopback', { redirect_uris: ['http://client.example/cb'] }, /not loopback/],
  ])('refuses a document with %s, on an error page', async (_what, fields, description) => {
    const path = `/clients/bad-${randomBytes(4).toString('hex')}.json`;
    const clientId = publish(path, fields);
    const redirect = (fields as { redirect_uris?: string[] }).redirect_uris?.[0];
    const response = await fetch(authorizeUrl(clientId, 'v'.repeat(43), redirect), { redirect: 'manual' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Sign-in failed');
    expect(html).toMatch(description);
  });
});
