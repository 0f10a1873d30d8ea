import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet, exportJWK } from 'jose';
import { createRecordingForward, createTestApp, BASE_URL, ISSUER } from '../../helpers/proxy/test-app.ts';
import { createTestKeys, signToken, type TestKeys } from '../../helpers/proxy/tokens.ts';
import { startUpstream, type TestUpstream } from '../../helpers/proxy/upstream.ts';

// A real JWKS server that can be told to fail; the edge fetches it with jose's remote key set, as in production.
let keys: TestKeys;
let jwksServer: TestUpstream;
let mode: 'down' | 'garbage' | 'ok' = 'down';
const { seen, forward } = createRecordingForward();
const call = JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'get_account', arguments: {} } });

beforeAll(async () => {
  keys = await createTestKeys();
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }] });
  jwksServer = await startUpstream((_req, res) => {
    if (mode === 'down') return void res.writeHead(503).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(mode === 'ok' ? jwks : '<html>');
  });
});
afterAll(() => jwksServer.close());

describe('an unavailable key set is not an invalid token', () => {
  it('JWKS answering 503, then not JSON, then unreachable → 503 -31503 with Retry-After; the upstream never called; once it is back, the same token passes', async () => {
    const app = createTestApp({
      files: new Map(),
      forward,
      getKey: createRemoteJWKSet(new URL(`${jwksServer.url}/jwks`), { cooldownDuration: 0 }),
    });
    const token = await signToken(keys, { iss: ISSUER, aud: BASE_URL, scope: 'warden:access', exp: Math.floor(Date.now() / 1000) + 600 });
    const post = () =>
      app.request('/mcp', {
        method: 'POST',
        body: call,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
    for (const next of ['down', 'garbage'] as const) {
      mode = next;
      const res = await post();
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      expect(res.headers.get('www-authenticate')).toBeNull();
      expect(await res.json()).toMatchObject({ id: 9, error: { code: -31503, message: 'Service Unavailable' } });
    }
    const unreachable = createTestApp({ files: new Map(), forward, getKey: createRemoteJWKSet(new URL('http://127.0.0.1:9/jwks')) });
    const res = await unreachable.request('/mcp', {
      method: 'POST',
      body: call,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(503);
    expect(seen).toHaveLength(0);
    mode = 'ok';
    expect((await post()).status).toBe(200);
    expect(seen).toHaveLength(1);
  });
});
