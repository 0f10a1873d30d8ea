/**
 * Issue 3's promise that the same app runs on edge runtimes, checked for real: the test build is bundled into one
 * module worker and served by workerd (Miniflare) on loopback, with a node:http upstream standing in for APP_URL.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK } from 'jose';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, COMPATIBILITY_DATE } from '../../proxy/node/bundle-worker.ts';
import { BASE_URL, DIST } from '../helpers/built-site.ts';
import { createTestKeys, signToken, type TestKeys } from '../proxy/helpers/tokens.ts';
import { startUpstream, type TestUpstream } from '../proxy/helpers/upstream.ts';

const METADATA = `${BASE_URL}/.well-known/oauth-protected-resource`;
const TOOLS = { jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'list_workflows', inputSchema: { type: 'object' } }] } };
const rpc = (id: number, method: string, params: object = {}) => JSON.stringify({ jsonrpc: '2.0', id, method, params });
const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

let outDir: string;
let upstream: TestUpstream;
let keys: TestKeys;
let mf: Miniflare;
// Resolved by the test once the first SSE event reached it through the worker; only then is the second one sent.
let firstEventSeen: () => void = () => {};
let origin: string;
const get = (path: string, init?: RequestInit) => fetch(new URL(path, origin), init);

beforeAll(async () => {
  keys = await createTestKeys();
  const jwks = { keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }] };
  upstream = await startUpstream((req, res, body) => {
    if (req.url === '/jwks') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
    if (body.includes('"ping"')) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('event: message\ndata: {"jsonrpc":"2.0","id":5,"result":{"first":true}}\n\n');
      const seen = new Promise<void>((resolve) => (firstEventSeen = resolve));
      void seen.then(() => res.end('event: message\ndata: {"jsonrpc":"2.0","id":5,"result":{}}\n\n'));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'session-1' }).end(JSON.stringify(TOOLS));
  });
  outDir = mkdtempSync(join(tmpdir(), 'warden-worker-'));
  const { outFile } = await bundleWorker({ distDir: DIST, outFile: join(outDir, 'worker.js') });
  mf = new Miniflare({
    modules: true,
    scriptPath: outFile,
    modulesRoot: outDir,
    compatibilityDate: COMPATIBILITY_DATE,
    host: '127.0.0.1',
    port: 0,
    // Plain-text vars, as `wrangler deploy --var` or [vars] would set them; the issuer stays the built one.
    bindings: { APP_URL: upstream.url, TOKEN_JWKS_URL: `${upstream.url}/jwks` },
  });
  origin = (await mf.ready).origin;
});

afterAll(async () => {
  await mf?.dispose();
  await upstream?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('the worker bundle on workerd', () => {
  it('§2.1: GET /api/health answers the health document, never cached', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      status: 'ok',
      product: 'Warden',
      docs: `${BASE_URL}/docs/reference/endpoints`,
      openapi: `${BASE_URL}/openapi.json`,
      mcp: `${upstream.url}/mcp`,
    });
  });

  it('§7.2: an unknown /api/ path → 404 problem+json', async () => {
    const res = await get('/api/v9/widgets');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({ type: `${BASE_URL}/docs/errors#not-found`, title: 'Not Found', status: 404, code: 'not_found', instance: '/api/v9/widgets' });
  });

  it('§4.3: Accept: text/markdown on a page → its twin, with Vary: Accept and the canonical link', async () => {
    const res = await get('/docs/overview', { headers: { accept: 'text/markdown' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('link')).toBe(`<${BASE_URL}/docs/overview>; rel="canonical"`);
    expect(await res.text()).toMatch(/^# Overview/);
    const html = await get('/docs/overview', { headers: { accept: 'text/html' } });
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.headers.get('vary')).toBe('Accept');
  });

  it('RFC 9727: the api-catalog has its linkset type, and embedded files keep their ETags (304)', async () => {
    const res = await get('/.well-known/api-catalog');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    expect((await res.json()).linkset).toBeInstanceOf(Array);
    const again = await get('/.well-known/api-catalog', { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('binary files survive embedding byte for byte', async () => {
    const res = await get('/pagefind/wasm.en.pagefind', { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(DIST, 'pagefind/wasm.en.pagefind')))).toBe(true);
  });

  it('§4.2: POST /mcp tools/list passes without a token and is forwarded byte for byte to <APP_URL>/mcp', async () => {
    const before = upstream.requests.length;
    const body = rpc(1, 'tools/list');
    const res = await get('/mcp', { method: 'POST', headers: mcpHeaders, body });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(TOOLS);
    expect(res.headers.get('mcp-session-id')).toBe('session-1');
    const seen = upstream.requests.slice(before).filter((r) => r.method === 'POST');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toBe(body);
  });

  it('§4.2 rule 2: tools/call without a token → 401 naming this host\'s resource metadata', async () => {
    const res = await get('/mcp', { method: 'POST', headers: mcpHeaders, body: rpc(2, 'tools/call', { name: 'list_workflows' }) });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${METADATA}", scope="warden:access"`);
    expect((await res.json()).error.code).toBe(-31401);
  });

  it('tokens are verified on workerd against the remote JWKS: valid → forwarded, missing scope → 403', async () => {
    const exp = Math.floor(Date.now() / 1000) + 300;
    const claims = { iss: 'https://app.warden.example', aud: BASE_URL, exp };
    const good = await signToken(keys, { ...claims, scope: 'warden:access' });
    const ok = await get('/.well-known/mcp', { method: 'POST', headers: { ...mcpHeaders, authorization: `Bearer ${good}` }, body: rpc(3, 'tools/call', { name: 'list_workflows' }) });
    expect(ok.status).toBe(200);
    expect(upstream.requests.at(-1)!.headers.authorization).toBe(`Bearer ${good}`);
    const narrow = await signToken(keys, { ...claims, scope: 'openid' });
    const denied = await get('/mcp', { method: 'POST', headers: { ...mcpHeaders, authorization: `Bearer ${narrow}` }, body: rpc(4, 'tools/call', { name: 'list_workflows' }) });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });

  it('MCP Streamable HTTP: an SSE answer streams through the worker event by event, not buffered', async () => {
    const res = await get('/mcp', { method: 'POST', headers: mcpHeaders, body: rpc(5, 'ping') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('"first":true')) text += (await reader.read()).value ?? '';
    // The upstream holds its second event until now: reaching this line proves the first one was not buffered.
    firstEventSeen();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += chunk.value;
    expect(text.match(/^event: message$/gm)).toHaveLength(2);
  });
});
