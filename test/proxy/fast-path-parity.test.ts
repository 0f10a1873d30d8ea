import { request as httpRequest } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../proxy/config.ts';
import { readBuildFacts } from '../../proxy/node/build-info.ts';
import { startNodeServer, type NodeServer } from '../../proxy/node/create-node-server.ts';
import { ROUTES, toRoute, type RouteKind } from '../../proxy/routes.ts';
import { createLogger } from '../../runtime/node/create-logger.ts';
import { BASE_URL, DIST } from '../helpers/built-site.ts';
import { startUpstream, type TestUpstream } from './helpers/upstream.ts';

// Parity by construction: the route table (proxy/routes.ts) names each route's fast path, and this one suite sends
// every route kind, every method and every header variant to two real servers over the same build and upstream,
// one with the fast paths and one with the app alone. Any difference in status, headers or bytes fails.

/** Paths of each kind, in the spellings the table accepts; the first test checks each is the kind it stands for. */
const EXAMPLES: Record<RouteKind, string[]> = {
  health: ['/api/health', '/api/v1/health', '/api/health/', '/api/%68ealth', '/api/health?probe=1'],
  mcp: ['/mcp', '/.well-known/mcp', '/mcp/', '/mc%70'],
  api: ['/api/nope', '/api/', '/api/health/x'],
  static: [
    '/',
    '/docs/overview',
    '/docs/overview.md',
    '/docs/overview/',
    '/llms.txt',
    '/install',
    '/install.ps1',
    '/openapi.json',
    '/.well-known/api-catalog',
    '/docs/nope',
    '/docs/%6Fverview',
    '/docs/../llms.txt',
    '/api',
    '/mcp//',
    '/MCP',
    '/%zz',
  ],
};
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'];
const VARIANTS: Record<string, string>[] = [
  {},
  { accept: 'text/markdown' },
  { 'accept-encoding': 'br, gzip' },
  { accept: 'text/markdown', 'accept-encoding': 'gzip' },
  { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
  { origin: 'https://evil.example', 'content-type': 'application/json' },
  { 'x-request-id': 'cdn-7', 'if-none-match': '"nothing"' },
];
const BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function send(url: string, method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(['POST', 'PUT', 'PATCH'].includes(method) ? BODY : undefined);
  });
}

// What differs per exchange (date, a fresh request id) and node:http's own framing, which a web Response does not show.
const comparable = ({
  date: _d,
  connection: _c,
  'keep-alive': _k,
  'transfer-encoding': _t,
  'x-request-id': id,
  ...rest
}: Answer['headers']) => ({
  ...rest,
  'x-request-id': id === 'cdn-7' ? id : typeof id,
});

let upstream: TestUpstream;
let fast: NodeServer;
let app: NodeServer;

beforeAll(async () => {
  upstream = await startUpstream((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}');
  });
  const env = readEnv({
    HOST: '127.0.0.1',
    PORT: '0',
    BASE_URL,
    APP_URL: upstream.url,
    WARDEN_OUT_DIR: DIST,
    METRICS_PORT: 'off',
    LOG_LEVEL: 'silent',
  });
  const start = (fastPaths: boolean) =>
    startNodeServer(
      env,
      readBuildFacts(DIST)!,
      { appUrl: upstream.url, issuer: upstream.url },
      {
        fastPaths,
        logger: createLogger({ level: 'silent', service: 'edge', destination: { write() {} } }),
      },
    );
  [fast, app] = [await start(true), await start(false)];
});
afterAll(async () => {
  await fast?.close();
  await app?.close();
  await upstream?.close();
});

describe('the route table', () => {
  it('has examples for every route kind, each of which the table routes to that kind', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(ROUTES.map((r) => r.kind).sort());
    for (const [kind, paths] of Object.entries(EXAMPLES)) {
      for (const path of paths) expect(toRoute(path.split('?')[0]!).kind, path).toBe(kind);
    }
  });

  it('on the Cloudflare worker, every path of a route the app answers reaches the worker: run first, or no asset file there', () => {
    const patterns = (parseJsonc(readFileSync('wrangler.jsonc', 'utf8')) as { assets: { run_worker_first: string[] } }).assets
      .run_worker_first;
    const runsFirst = (path: string) => {
      const match = (p: string) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(path);
      return patterns.some((p) => !p.startsWith('!') && match(p)) && !patterns.some((p) => p.startsWith('!') && match(p.slice(1)));
    };
    // wrangler.jsonc: `not_found_handling: none`, so a path with no file goes on to the worker as well.
    const isAsset = (path: string) => statSync(join(DIST, decodeURIComponent(path)), { throwIfNoEntry: false })?.isFile() === true;
    for (const kind of ['health', 'mcp', 'api'] as const) {
      for (const example of EXAMPLES[kind]) {
        const path = example.split('?')[0]!;
        expect(runsFirst(path) || !isAsset(path), path).toBe(true);
      }
    }
  });
});

describe.each(ROUTES.map((r) => [r.kind, r] as const))('%s: the fast paths answer as the app does', (kind) => {
  it.each(METHODS)('%s, every example path and header variant: the same status, headers and bytes', async (method) => {
    for (const path of EXAMPLES[kind]) {
      for (const headers of VARIANTS) {
        const [a, b] = [await send(app.url, method, path, headers), await send(fast.url, method, path, headers)];
        const what = `${method} ${path} ${JSON.stringify(headers)}`;
        expect(b.status, what).toBe(a.status);
        expect(comparable(b.headers), what).toEqual(comparable(a.headers));
        expect(b.body.equals(a.body), what).toBe(true);
        if (method === 'HEAD') expect(b.body.length, what).toBe(0);
        // Hints on every answer (RFC 8288): whatever a path and method get, an agent learns where the index and the API are.
        expect(String(b.headers.link), what).toContain(`<${BASE_URL}/.well-known/api-catalog>; rel="api-catalog"`);
      }
    }
  });
});
