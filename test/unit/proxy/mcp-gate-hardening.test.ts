import { beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTestKeys, signToken, type TestKeys } from '../../helpers/proxy/tokens.ts';
import { BASE_URL, ISSUER, createRecordingForward, createTestApp } from '../../helpers/proxy/test-app.ts';

// Ways a request could reach the upstream without the gate seeing what the upstream will see.
const NOW = Date.parse('2026-11-01T12:00:00Z');
const nowSec = NOW / 1000;
const { seen, forward } = createRecordingForward();
let keys: TestKeys;
let app: ReturnType<typeof createTestApp>;
const post = (body: string, headers: Record<string, string> = {}, path = '/mcp') =>
  app.request(path, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
  });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: number } }).error.code;

beforeAll(async () => {
  keys = await createTestKeys();
  app = createTestApp({ files: new Map(), forward, getKey: keys.getKey, now: () => NOW });
});

describe('the gate cannot be slipped past', () => {
  it('an id-less tools/call (a "notification") needs a token like any call', async () => {
    const before = seen.length;
    const res = await post(JSON.stringify({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'start_run', arguments: {} } }));
    expect(res.status).toBe(401);
    expect(seen.length).toBe(before);
  });

  it('notifications/* still pass without a token', async () => {
    expect((await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }))).status).toBe(200);
  });

  it('a body that repeats a member name is refused with -32600 (parsers disagree on which one counts)', async () => {
    const res = await post('{"jsonrpc":"2.0","id":1,"method":"tools/call","method":"tools/list","params":{}}');
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(-32600);
    const nested = await post('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"name":"a","name":"b"}}');
    expect(nested.status).toBe(400);
  });

  it('Mcp-Method that disagrees with the body → 400 -32020, checked before auth', async () => {
    const res = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_account' } }), {
      'mcp-method': 'tools/list',
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(-32020);
  });

  it('Mcp-Name that disagrees with the tool in the body → 400 -32020; matching headers (plain or base64) pass', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_account' } });
    const mismatch = await post(body, { 'mcp-method': 'tools/call', 'mcp-name': 'start_run' });
    expect(await errorOf(mismatch)).toBe(-32020);
    const token = await signToken(keys, { iss: ISSUER, aud: BASE_URL, scope: 'warden:access', exp: nowSec + 600 });
    const auth = { authorization: `Bearer ${token}`, 'mcp-method': 'tools/call' };
    expect((await post(body, { ...auth, 'mcp-name': 'get_account' })).status).toBe(200);
    expect((await post(body, { ...auth, 'mcp-name': `=?base64?${btoa('get_account')}?=` })).status).toBe(200);
  });

  it('a modern tools/call (Mcp-Method sent) without Mcp-Name → 400 -32020 before auth; legacy calls without Mcp-* headers still reach the gate', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_account' } });
    const missing = await post(body, { 'mcp-method': 'tools/call' });
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toBe(-32020);
    expect((await post(body)).status).toBe(401);
  });

  it('RPC-3: a stale token does not turn a public method into a refusal', async () => {
    const expired = await signToken(keys, { iss: ISSUER, aud: BASE_URL, scope: 'warden:access', exp: nowSec - 60 });
    const res = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }), {
      authorization: `Bearer ${expired}`,
    });
    expect(res.status).toBe(200);
  });

  it('a token without typ at+jwt (an ID token from the same issuer) or without sub is refused', async () => {
    const claims = { scope: 'warden:access' };
    const idToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject('u')
      .setIssuer(ISSUER)
      .setAudience(BASE_URL)
      .setExpirationTime(nowSec + 600)
      .sign(keys.privateKey);
    const noSub = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'at+jwt' })
      .setIssuer(ISSUER)
      .setAudience(BASE_URL)
      .setExpirationTime(nowSec + 600)
      .sign(keys.privateKey);
    for (const token of [idToken, noSub]) {
      const res = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_account' } }), {
        authorization: `Bearer ${token}`,
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    }
  });

  it('a streamed body without Content-Length over the limit → 413 -31413', async () => {
    const small = createTestApp({ files: new Map(), forward, getKey: keys.getKey, now: () => NOW }, { bodyLimitBytes: 1024 });
    const chunk = new TextEncoder().encode(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":"${'x'.repeat(4000)}"}}`);
    const body = new ReadableStream({
      start: (c) => {
        c.enqueue(chunk.slice(0, 2000));
        c.enqueue(chunk.slice(2000));
        c.close();
      },
    });
    const res = await small.request('/mcp', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toBe(-31413);
  });

  it('errors on a trailing-slash spelling of the MCP path are JSON-RPC too', async () => {
    const res = await post('{not json', {}, '/mcp/');
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(-32700);
  });
});

describe('AUTH-3: no long-lived raw API key exists; none can be supplied', () => {
  it.each([
    ['an X-API-Key header', { 'x-api-key': 'wk_live_123' }],
    ['Authorization: ApiKey', { authorization: 'ApiKey wk_live_123' }],
    ['Authorization: Basic', { authorization: `Basic ${btoa('client:secret')}` }],
    ['a token in the query string', {}],
  ])('%s is no credential: tools/call → 401 with the OAuth challenge', async (_what, headers) => {
    const path = _what.includes('query') ? '/mcp?access_token=wk_live_123' : '/mcp';
    const res = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_account' } }), headers, path);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata="/);
  });
});
