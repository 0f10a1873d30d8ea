import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { createNodeHandler } from '../../../proxy/node/start-node-door.ts';
import { listen, type Listening } from '../../../proxy/node/listen.ts';
import { createUpstreamPool } from '../../../proxy/node/upstream-pool.ts';
import { createFixtureDist } from '../../helpers/proxy/fixture-dist.ts';
import { BASE_URL, createTestApp, createTestConfig, loadFiles } from '../../helpers/proxy/test-app.ts';

const dist = createFixtureDist();
const app = createTestApp({ files: loadFiles(dist.dir) });
afterAll(() => dist.remove());

describe('static files from dist', () => {
  it.each([
    ['/openapi.json', 'application/json'],
    ['/api/catalog', 'application/json'],
    ['/.well-known/api-catalog', 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'],
    ['/.well-known/api-catalog.json', 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'],
    ['/.well-known/oauth-protected-resource', 'application/json'],
    ['/.well-known/oauth-protected-resource/mcp', 'application/json'],
    ['/.well-known/mcp.json', 'application/json'],
    ['/mcp/tools.json', 'application/json'],
    ['/llms.txt', 'text/plain; charset=utf-8'],
    ['/docs/overview.md', 'text/markdown; charset=utf-8'],
    ['/install', 'text/x-shellscript; charset=utf-8'],
    ['/_astro/app.Ab12Cd.js', 'text/javascript; charset=utf-8'],
    ['/sitemap-index.xml', 'application/xml; charset=utf-8'],
  ])('GET %s → 200 %s', async (path, type) => {
    const res = await app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
  });

  it('DOC-3: the protected-resource metadata is served at its extension-less path (REWRITES)', async () => {
    const res = await app.request('/.well-known/oauth-protected-resource');
    expect(await res.json()).toEqual({ resource: 'https://warden.example' });
  });

  it('hashed assets are immutable, documents are cached briefly', async () => {
    expect((await app.request('/_astro/app.Ab12Cd.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await app.request('/openapi.json')).headers.get('cache-control')).toMatch(/max-age=300/);
  });

  it('sends an ETag and answers a matching If-None-Match with 304', async () => {
    const first = await app.request('/openapi.json');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await app.request('/openapi.json', { headers: { 'if-none-match': `W/${etag}, "other"` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await app.request('/openapi.json', { headers: { 'if-none-match': '"stale"' } })).status).toBe(200);
  });

  it('HEAD sends the headers and no body', async () => {
    const res = await app.request('/openapi.json', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('19');
    expect(await res.text()).toBe('');
  });

  it('RFC 9727 §3: HEAD and GET of the api-catalog carry Link rel="api-catalog"', async () => {
    for (const method of ['HEAD', 'GET']) {
      const res = await app.request('/.well-known/api-catalog', { method });
      expect(res.headers.get('link')).toContain(`<${BASE_URL}/.well-known/api-catalog>; rel="api-catalog"`);
    }
  });

  it('never serves _build.json', async () => {
    expect((await app.request('/_build.json')).status).toBe(404);
  });

  it('unknown page → 404 with the HTML 404 page', async () => {
    const res = await app.request('/docs/nope', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('Not found');
  });

  it('unknown page asked for as markdown → 404 with the markdown 404', async () => {
    for (const init of [{ headers: { accept: 'text/markdown' } }, {}]) {
      const path = init.headers ? '/docs/nope' : '/docs/nope.md';
      const res = await app.request(path, init);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(await res.text()).toBe('# Not found\n');
    }
  });

  it.each(['/..%2F..%2Fetc%2Fpasswd.md', '/docs/%2e%2e/x.md', '/docs//x.md', '/x%2Emd'])(
    'a refused or missing markdown name %s → the markdown 404',
    async (path) => {
      const res = await app.request(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    },
  );

  it('POST to a static file → 405 with Allow', async () => {
    const res = await app.request('/openapi.json', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});

describe('path traversal: no path escapes dist', () => {
  const attempts = [
    '/..%2f..%2fetc%2fpasswd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/docs/..%5c..%5cpackage.json',
    '/docs%5c..%5c..%5cpackage.json',
    '/openapi.json%00.html',
    '/%252e%252e/%252e%252e/package.json',
    '/%2e%2e%2f_build.json',
    '/docs/%2e%2e/_build.json',
    '/%',
    '/%E0%A4%A',
  ];

  it.each(attempts)('app.request(%s) → 404, never a file outside dist', async (path) => {
    const res = await app.request(path);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/"name"|root:/);
  });

  describe('over a real socket, to the Node server', () => {
    // No static path reaches the upstream: the pool's is a closed port.
    const pool = createUpstreamPool({ timeoutMs: 1000 });
    let server: Listening;
    beforeAll(async () => {
      const config = createTestConfig({ appUrl: 'http://127.0.0.1:9' });
      server = await listen(createNodeHandler(config, { files: loadFiles(dist.dir), dispatch: pool.dispatch }), '127.0.0.1', 0);
    });
    afterAll(async () => {
      await server?.close();
      await pool.close();
    });

    it.each(attempts)('raw HTTP %s → 404', async (path) => {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(`${server.url}/`, { path }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
      expect([400, 404]).toContain(answer.status);
      expect(answer.body).not.toMatch(/"name"|root:/);
    });
  });
});
