import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../../proxy/config.ts';
import { startNodeDoor, type NodeDoor } from '../../../proxy/node/start-node-door.ts';
import { createLogger } from '../../../runtime/node/create-logger.ts';
import { toContentCoding } from '../../../runtime/http/content-coding.ts';
import { readBuildFacts } from '../../../proxy/node/build-info.ts';
import { APP_URL, BASE_URL, DIST } from '../../helpers/built-site.ts';
import { createTestApp, loadFiles } from '../../helpers/proxy/test-app.ts';
import { makeFeedbackDir } from '../../helpers/feedback-dir.ts';

const files = loadFiles(DIST);
const app = createTestApp({ files });

/** The raw answer of the Node server: status, headers and the bytes on the wire (nothing decoded). */
function raw(
  url: string,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Accept-Encoding (RFC 9110 §12.5.3)', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['gzip;q=0, *', 'br'],
    ['identity', undefined],
    ['deflate', undefined],
    ['', undefined],
  ])('%j → %s', (header, coding) => {
    expect(toContentCoding(header)).toBe(coding);
  });

  it('a page comes in the coding asked for, decoding to the same bytes, each with its own entity tag and Vary', async () => {
    const plain = await app.request('/docs/overview');
    const bytes = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept, User-Agent, Accept-Encoding');
    const br = await app.request('/docs/overview', { headers: { 'accept-encoding': 'br' } });
    const gz = await app.request('/docs/overview', { headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).equals(bytes)).toBe(true);
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).equals(bytes)).toBe(true);
    expect(Number(br.headers.get('content-length'))).toBeLessThan(bytes.length / 3);
    expect(new Set([plain, br, gz].map((r) => r.headers.get('etag'))).size).toBe(3);
    for (const r of [br, gz]) expect(r.headers.get('vary')).toBe('Accept, User-Agent, Accept-Encoding');
  });

  it('twins and documents too; a conditional request gets 304 for its own coding only', async () => {
    const md = await app.request('/docs/overview', { headers: { accept: 'text/markdown', 'accept-encoding': 'br' } });
    expect(md.headers.get('content-encoding')).toBe('br');
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const llms = await app.request('/llms.txt', { headers: { 'accept-encoding': 'gzip' } });
    expect(llms.headers.get('vary')).toBe('Accept-Encoding');
    const etag = llms.headers.get('etag')!;
    const again = await app.request('/llms.txt', { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('vary')).toBe('Accept-Encoding');
    expect(again.headers.get('content-encoding')).toBeNull();
    expect((await app.request('/llms.txt', { headers: { 'accept-encoding': 'br', 'if-none-match': etag } })).status).toBe(200);
  });

  it('the variants are not public paths of their own', async () => {
    expect((await app.request('/llms.txt.br')).status).toBe(404);
    expect((await app.request('/docs/overview.html.gz')).status).toBe(404);
  });
});

describe('the Node door answers as the web door does', () => {
  let edge: NodeDoor;
  beforeAll(async () => {
    const env = readEnv({
      HOST: '127.0.0.1',
      PORT: '0',
      BASE_URL,
      APP_URL,
      WARDEN_OUT_DIR: DIST,
      FEEDBACK_DATA_DIR: makeFeedbackDir(),
      METRICS_PORT: 'off',
      LOG_LEVEL: 'silent',
    });
    edge = await startNodeDoor(
      env,
      readBuildFacts(DIST)!,
      { appUrl: APP_URL, issuer: APP_URL },
      { logger: createLogger({ level: 'silent', service: 'edge', destination: { write() {} } }) },
    );
  });
  afterAll(() => edge?.close());

  // Everything but what differs per exchange (the request id, checked apart; the date) and the framing node:http adds
  // on the wire (connection, keep-alive, chunked for a bodyless redirect), which a web Response does not show.
  const comparable = (headers: Record<string, string>) => {
    const { date: _d, connection: _c, 'keep-alive': _k, 'x-request-id': _id, 'transfer-encoding': _t, ...rest } = headers;
    return rest;
  };

  const paths = [
    '/',
    '/docs/overview',
    '/docs/overview.md',
    '/llms.txt',
    '/openapi.json',
    '/install',
    '/.well-known/api-catalog',
    '/robots.txt',
    '/favicon.ico',
    '/docs/nope',
    '/docs/nope.md',
    '/docs/overview/',
    '/docs/overview?x=1',
  ];
  const variants: Record<string, string>[] = [
    {},
    { accept: 'text/markdown' },
    { 'accept-encoding': 'br, gzip' },
    { accept: 'text/markdown', 'accept-encoding': 'gzip' },
  ];

  it.each(paths)(
    '%s: status, headers and bytes as the web door gives them, for every Accept and Accept-Encoding, GET and HEAD',
    async (path) => {
      for (const headers of variants) {
        for (const method of ['GET', 'HEAD']) {
          const web = await app.request(path, { method, headers });
          const node = await raw(edge.url, path, headers, method);
          const webHeaders = Object.fromEntries(web.headers);
          expect(node.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(web.status);
          expect(comparable(node.headers), `${method} ${path} ${JSON.stringify(headers)}`).toEqual(comparable(webHeaders));
          expect(node.body.equals(Buffer.from(await web.arrayBuffer()))).toBe(true);
          expect(node.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        }
      }
    },
  );

  it('a matching If-None-Match gets the same 304 from both; an incoming X-Request-Id is kept', async () => {
    const first = await raw(edge.url, '/llms.txt', { 'accept-encoding': 'br' });
    const headers = { 'accept-encoding': 'br', 'if-none-match': first.headers.etag!, 'x-request-id': 'cdn-1234' };
    const node = await raw(edge.url, '/llms.txt', headers);
    const web = await app.request('/llms.txt', { headers });
    expect(node.status).toBe(304);
    expect(comparable(node.headers)).toEqual(comparable(Object.fromEntries(web.headers)));
    expect(node.headers['x-request-id']).toBe('cdn-1234');
  });

  it('the health document: the same status, headers and bytes on both doors, GET and HEAD; other methods are a 405', async () => {
    for (const path of ['/api/health', '/api/v1/health', '/api/health?probe=1']) {
      for (const method of ['GET', 'HEAD']) {
        const web = await app.request(path, { method });
        const node = await raw(edge.url, path, {}, method);
        expect(node.status, `${method} ${path}`).toBe(web.status);
        // Both carry the length of the document, HEAD too (RFC 9110 §9.3.2).
        expect(comparable(node.headers), `${method} ${path}`).toEqual(comparable(Object.fromEntries(web.headers)));
        expect(Number(node.headers['content-length'])).toBe(Buffer.byteLength(await (await app.request(path)).text()));
        expect(node.body.equals(Buffer.from(await web.arrayBuffer())), `${method} ${path}`).toBe(true);
        expect(node.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
    }
    const post = await raw(edge.url, '/api/health', {}, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers['content-type']).toBe('application/problem+json');
  });

  it('answers alike what is not a plain static path: MCP, /api/*, encoded and dot-segment paths', async () => {
    expect((await raw(edge.url, '/api/nope', {})).headers['content-type']).toBe('application/problem+json');
    const foreign = { origin: 'https://elsewhere.example' };
    expect((await raw(edge.url, '/mcp', foreign)).status).toBe(403);
    expect((await app.request('/mcp', { headers: foreign })).status).toBe(403);
    expect((await raw(edge.url, '/docs/%6Fverview', {})).status).toBe((await app.request('/docs/%6Fverview')).status);
    expect((await raw(edge.url, '/docs/../llms.txt', {})).status).toBe((await app.request('/docs/../llms.txt')).status);
  });
});
