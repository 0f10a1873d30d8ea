import { afterAll, describe, expect, it } from 'vitest';
import { createFixtureDist } from '../../helpers/proxy/fixture-dist.ts';
import { APP_URL, BASE_URL, createTestApp, loadFiles } from '../../helpers/proxy/test-app.ts';

const dist = createFixtureDist();
const app = createTestApp({ files: loadFiles(dist.dir) });
afterAll(() => dist.remove());

describe('HEALTH-1 health document', () => {
  it('VERSION-1: GET /api/health and GET /api/v1/health return the same document, never cached', async () => {
    const a = await app.request('/api/health');
    const b = await app.request('/api/v1/health');
    expect(a.status).toBe(200);
    expect(a.headers.get('cache-control')).toBe('no-store');
    expect(b.headers.get('cache-control')).toBe('no-store');
    expect(a.headers.get('content-type')).toBe('application/json');
    const doc = await a.json();
    expect(await b.json()).toEqual(doc);
    expect(doc).toEqual({
      status: 'ok',
      product: 'Warden',
      docs: `${BASE_URL}/docs/reference/endpoints`,
      openapi: `${BASE_URL}/openapi.json`,
      mcp: `${APP_URL}/mcp`,
    });
  });

  it('HEAD gets the fields GET gets, the length of its document included, and no content (RFC 9110 §9.3.2)', async () => {
    for (const path of ['/api/health', '/api/v1/health']) {
      const get = await app.request(path);
      const head = await app.request(path, { method: 'HEAD' });
      const document = new Uint8Array(await get.arrayBuffer());
      expect(get.headers.get('content-length')).toBe(String(document.byteLength));
      expect(head.status).toBe(200);
      const { 'x-request-id': _get, ...getFields } = Object.fromEntries(get.headers);
      const { 'x-request-id': _head, ...headFields } = Object.fromEntries(head.headers);
      expect(headFields).toEqual(getFields);
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    }
  });

  it('POST /api/health → 405 problem with Allow', async () => {
    const res = await app.request('/api/health', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect((await res.json()).code).toBe('method_not_allowed');
  });
});

describe('PROBLEM-1 problem envelope', () => {
  it('PROBLEM-2: GET of an unknown /api/* path → 404 problem document with title Not Found, code not_found, instance = path', async () => {
    const res = await app.request('/api/v9/widgets');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toEqual({
      type: `${BASE_URL}/docs/errors#not-found`,
      title: 'Not Found',
      status: 404,
      code: 'not_found',
      detail: 'No API operation is published at /api/v9/widgets.',
      instance: '/api/v9/widgets',
      resolution: expect.stringContaining('/openapi.json'),
    });
  });

  it('PROBLEM-1: the problem document is also returned for other methods and odd paths under /api/', async () => {
    for (const [path, method] of [
      ['/api/nope', 'POST'],
      ['/api/%E0%A4%A', 'GET'],
      ['/api/..%2f..%2fetc', 'GET'],
    ] as const) {
      const res = await app.request(path, { method });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect((await res.json()).code).toBe('not_found');
    }
  });

  it('a static document under /api/ is still served (the developer catalog)', async () => {
    const res = await app.request('/api/catalog');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
  });

  it('an unexpected failure on /api/* → 500 internal_error problem, no internals echoed', async () => {
    const broken = createTestApp({
      files: new Proxy(new Map(), {
        get: () => {
          throw new Error('secret internal detail');
        },
      }) as never,
    });
    const res = await broken.request('/api/nope');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret');
    expect(JSON.parse(text).code).toBe('internal_error');
  });
});
