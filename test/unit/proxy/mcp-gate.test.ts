import { beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportSPKI, generateKeyPair, UnsecuredJWT } from 'jose';
import { toSkillUri } from '../../../facts/paths.ts';
import { createTestKeys, signToken, type TestKeys } from '../../helpers/proxy/tokens.ts';
import { APP_URL, BASE_URL, ISSUER, createRecordingForward, createTestApp } from '../../helpers/proxy/test-app.ts';

const NOW = Date.parse('2026-11-01T12:00:00Z');
const nowSec = NOW / 1000;
const METADATA = `${BASE_URL}/.well-known/oauth-protected-resource`;
const { seen, forward } = createRecordingForward();
let keys: TestKeys;
let app: ReturnType<typeof createTestApp>;

const rpc = (method: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: {}, ...extra });
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
  });
const good = () => signToken(keys, { iss: ISSUER, aud: BASE_URL, scope: 'warden:access', exp: nowSec + 600 });

beforeAll(async () => {
  keys = await createTestKeys();
  app = createTestApp({ files: new Map(), forward, getKey: keys.getKey, now: () => NOW });
});

describe.each(['/mcp', '/.well-known/mcp'])('the JSON-RPC endpoint on %s (ENDPOINT-10, ENDPOINT-11)', (path) => {
  it('RPC-2: tools/call without a Bearer token → 401 with WWW-Authenticate resource_metadata', async () => {
    const before = seen.length;
    const res = await post(path, rpc('tools/call', { params: { name: 'x', arguments: {} } }));
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${METADATA}", scope="warden:access"`);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -31401, message: 'Unauthorized' } });
    expect(seen.length).toBe(before);
  });

  // resources/read is public for the published Agent Skills only (test/servers/proxy/resource-gate.test.ts reads the others).
  it.each([
    ['initialize', {}],
    ['ping', {}],
    ['tools/list', {}],
    ['resources/list', {}],
    ['resources/read', { uri: toSkillUri('warden') }],
    ['server/discover', {}],
  ])('RPC-3: %s needs no credential and is forwarded', async (method, params) => {
    const res = await post(path, rpc(method, { params }));
    expect(res.status).toBe(200);
    expect(seen.at(-1)!.url).toBe(`${APP_URL}/mcp`);
  });

  it('notifications pass without a credential', async () => {
    const res = await post(path, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    expect(res.status).toBe(200);
  });

  it('deny by default: any other method without a token → 401', async () => {
    for (const method of ['resources/subscribe', 'prompts/get', 'tasks/get', 'made/up'])
      expect((await post(path, rpc(method))).status).toBe(401);
  });

  it('malformed JSON → 400 -32700', async () => {
    const res = await post(path, '{"jsonrpc":"2.0",');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ id: null, error: { code: -32700, message: 'Parse error' } });
  });

  it.each([
    ['"a string"'],
    ['null'],
    ['{"id":1,"method":"ping"}'],
    ['{"jsonrpc":"2.0","id":1,"method":5}'],
    ['{"jsonrpc":"2.0","id":{},"method":"ping"}'],
  ])('RPC-4: not a JSON-RPC request object (%s) → 400 -32600', async (body) => {
    const res = await post(path, body);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe(-32600);
  });

  it('RPC-4: a batch is refused with 400 -32600 (one request object), so no tools/call is smuggled past the gate', async () => {
    const before = seen.length;
    const res = await post(path, `[${rpc('tools/list')},${rpc('tools/call')}]`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe(-32600);
    expect(seen.length).toBe(before);
  });

  it('RPC-8: a valid token with the warden:access scope passes tools/call, and the upstream gets it', async () => {
    const token = await good();
    const res = await post(path, rpc('tools/call'), { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(seen.at(-1)!.headers.get('authorization')).toBe(`Bearer ${token}`);
  });

  it.each([`${BASE_URL}/mcp`, `${BASE_URL}/.well-known/mcp`])(
    'a token whose aud is %s (not the resource identifier) is refused',
    async (aud) => {
      const token = await signToken(keys, { iss: ISSUER, aud, scope: 'warden:access', exp: nowSec + 600 });
      expect((await post(path, rpc('tools/call'), { authorization: `Bearer ${token}` })).status).toBe(401);
    },
  );
});

describe('token verification: invalid → 401 invalid_token, missing scope → 403 insufficient_scope', () => {
  const expectInvalid = async (token: string) => {
    const res = await post('/mcp', rpc('tools/call'), { authorization: `Bearer ${token}` });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(
      new RegExp(`^Bearer resource_metadata="${METADATA}", error="invalid_token", error_description="[^"]+"$`),
    );
    expect((await res.json()).error.code).toBe(-31401);
  };

  it('expired', async () => expectInvalid(await signToken(keys, { iss: ISSUER, aud: BASE_URL, scope: 'warden:access', exp: nowSec - 60 })));
  it('wrong audience', async () =>
    expectInvalid(await signToken(keys, { iss: ISSUER, aud: 'https://other.example', scope: 'warden:access', exp: nowSec + 600 })));
  it('wrong issuer', async () =>
    expectInvalid(await signToken(keys, { iss: 'https://evil.example', aud: BASE_URL, scope: 'warden:access', exp: nowSec + 600 })));
  it('no exp', async () => expectInvalid(await signToken(keys, { iss: ISSUER, aud: BASE_URL, scope: 'warden:access' })));
  it('alg none', async () =>
    expectInvalid(
      new UnsecuredJWT({ scope: 'warden:access' })
        .setIssuer(ISSUER)
        .setAudience(BASE_URL)
        .setExpirationTime(nowSec + 600)
        .encode(),
    ));
  it('HS256 signed with the public key', async () => {
    const pem = new TextEncoder().encode(await exportSPKI(keys.publicKey));
    const token = await new SignJWT({ scope: 'warden:access' })
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(BASE_URL)
      .setExpirationTime(nowSec + 600)
      .sign(pem);
    await expectInvalid(token);
  });
  it('signed by another key', async () => {
    const other = await generateKeyPair('ES256');
    const token = await new SignJWT({ scope: 'warden:access' })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(BASE_URL)
      .setExpirationTime(nowSec + 600)
      .sign(other.privateKey);
    await expectInvalid(token);
  });
  it('garbage', async () => expectInvalid('not.a.jwt'));
  it('an empty Bearer', async () => {
    const res = await post('/mcp', rpc('tools/call'), { authorization: 'Bearer' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('missing scope → 403 insufficient_scope naming warden:access', async () => {
    const token = await signToken(keys, { iss: ISSUER, aud: BASE_URL, scope: 'warden:lessons.read', exp: nowSec + 600 });
    const res = await post('/mcp', rpc('tools/call'), { authorization: `Bearer ${token}` });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${METADATA}", error="insufficient_scope", error_description="The access token lacks the warden:access scope", scope="warden:access"`,
    );
    expect((await res.json()).error.code).toBe(-31403);
  });

  it('a verified token is cached until its exp, then refused', async () => {
    let now = NOW;
    const cached = createTestApp({ files: new Map(), forward, getKey: keys.getKey, now: () => now });
    const token = await signToken(keys, { iss: ISSUER, aud: BASE_URL, scope: 'warden:access', exp: nowSec + 5 });
    const call = () => cached.request('/mcp', { method: 'POST', body: rpc('tools/call'), headers: { authorization: `Bearer ${token}` } });
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    now = NOW + 6000;
    expect((await call()).status).toBe(401);
  });
});

describe('origin, CORS, methods and limits', () => {
  it('a present but foreign Origin → 403 (DNS rebinding)', async () => {
    const res = await post('/mcp', rpc('tools/list'), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe(-31403);
  });

  it("this host's own Origin passes and gets CORS headers exposing Mcp-Session-Id and WWW-Authenticate", async () => {
    const res = await post('/mcp', rpc('tools/call'), { origin: BASE_URL });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe(BASE_URL);
    expect(res.headers.get('access-control-expose-headers')).toMatch(/Mcp-Session-Id.*WWW-Authenticate/);
  });

  it('a configured allowed origin gets a preflight answer', async () => {
    const allowed = createTestApp({ files: new Map(), forward }, { allowedOrigins: ['http://localhost:6274'] });
    const res = await allowed.request('/mcp', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:6274', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:6274');
    expect(res.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect((await allowed.request('/mcp', { method: 'OPTIONS', headers: { origin: 'http://localhost:9999' } })).status).toBe(403);
  });

  it('PUT → 405 JSON-RPC error with Allow', async () => {
    const res = await app.request('/mcp', { method: 'PUT', body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('POST');
    expect((await res.json()).error.code).toBe(-31405);
  });

  it('OPTIONS without Origin (no preflight) → 204 with the Allow it advertises', async () => {
    const res = await app.request('/mcp', { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe('GET, POST, DELETE, OPTIONS');
  });

  it('a body over the limit → 413 -31413', async () => {
    const small = createTestApp({ files: new Map(), forward }, { bodyLimitBytes: 64 });
    const res = await small.request('/mcp', { method: 'POST', body: rpc('tools/list', { params: { pad: 'x'.repeat(200) } }) });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe(-31413);
  });

  it("an MCP client's GET (Accept: text/event-stream) is forwarded without a token; a sent token is verified", async () => {
    const res = await app.request('/mcp', { headers: { 'mcp-session-id': 's-1', accept: 'text/event-stream' } });
    expect(res.status).toBe(200);
    expect(seen.at(-1)!.method).toBe('GET');
    expect(seen.at(-1)!.headers.get('mcp-session-id')).toBe('s-1');
    const bad = await app.request('/mcp', { headers: { authorization: 'Bearer not.a.token', accept: 'text/event-stream' } });
    expect(bad.status).toBe(401);
  });

  it('DELETE ends a session, so it needs a valid token: a session id is no credential', async () => {
    const before = seen.length;
    const anonymous = await app.request('/mcp', { method: 'DELETE', headers: { 'mcp-session-id': 's-1' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${METADATA}", scope="warden:access"`);
    expect(seen.length).toBe(before);
    const res = await app.request('/mcp', {
      method: 'DELETE',
      headers: { 'mcp-session-id': 's-1', authorization: `Bearer ${await good()}` },
    });
    expect(res.status).toBe(200);
    expect(seen.at(-1)!.method).toBe('DELETE');
  });

  it('only the MCP headers go upstream: no hop-by-hop, no spoofable forwarding headers, no cookies', async () => {
    await post('/mcp', rpc('tools/list'), {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/list',
      'x-forwarded-for': '1.2.3.4',
      forwarded: 'for=1.2.3.4',
      cookie: 'a=b',
      connection: 'keep-alive, x-secret',
      'x-secret': '1',
      'mcp-param-region': 'eu',
    });
    const sent = Object.fromEntries(seen.at(-1)!.headers);
    expect(sent).toEqual({
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/list',
      'mcp-param-region': 'eu',
      // The request's id, so the upstream's log line can be matched with the edge's.
      'x-request-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });
});
