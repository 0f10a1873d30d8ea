import { request as httpRequest } from 'node:http';
import { toNodeHandler } from 'h3/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../proxy/create-app.ts';
import { toTokenVerifier } from '../../../proxy/mcp/token-verifier.ts';
import { createNodeHandler } from '../../../proxy/node/start-node-door.ts';
import { listen, type Listening } from '../../../proxy/node/listen.ts';
import { createPoolForwarder } from '../../../proxy/node/pool-forwarder.ts';
import { createUpstreamPool } from '../../../proxy/node/upstream-pool.ts';
import type { RequestFacts } from '../../../proxy/observability/request-facts.ts';
import { BASE_URL, ISSUER, createTestConfig } from '../../helpers/proxy/test-app.ts';
import { createTestKeys, signToken, type TestKeys } from '../../helpers/proxy/tokens.ts';
import { startUpstream, type TestUpstream } from '../../helpers/proxy/upstream.ts';

// The two doors over the MCP endpoint: the Node door (`npm start`) writes each plan in node:http's terms and relays
// over its upstream pool; the web door writes it as a Response, here served over node:http as `npm run dev` serves it
// (h3's toNodeHandler) with its pool forwarder. In front of one real upstream, they must give every request the same
// status, headers and bytes, and tell the access log the same facts.

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One raw exchange: the status, headers and body bytes as they came on the wire. */
function send(url: string, method: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}/mcp`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

// What differs per exchange (date, request id) and node:http's own framing (a known length or chunked).
const comparable = ({
  date: _d,
  connection: _c,
  'keep-alive': _k,
  'x-request-id': _id,
  'transfer-encoding': _t,
  'content-length': _l,
  ...rest
}: Answer['headers']) => rest;

const NOW_SEC = Math.floor(Date.now() / 1000);
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const rpc = (method: string, params: unknown = {}, id: unknown = 1) => JSON.stringify({ jsonrpc: '2.0', id, method, params });

let keys: TestKeys;
let upstream: TestUpstream;
let node: Listening;
let web: Listening;
const facts = { node: [] as RequestFacts[], web: [] as RequestFacts[] };
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  keys = await createTestKeys();
  // The upstream answers like the hosted endpoint: JSON, an event stream, a refusal, or a notification's 202.
  upstream = await startUpstream((req, res, body) => {
    const method = (JSON.parse(body || '{}') as { method?: string }).method;
    if (method === 'tools/call' && req.headers['mcp-name'] === 'refused') {
      res.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token", error_description="revoked"' });
      return void res.end('{}');
    }
    if (method === 'tools/call' && req.headers['mcp-name'] === 'streamed-error') {
      res.writeHead(400, { 'content-type': 'text/event-stream' });
      return void res.end('event: message\ndata: {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params"}}\n\n');
    }
    if (method?.startsWith('notifications/')) return void res.writeHead(202).end();
    if (method === 'tools/call') {
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        'set-cookie': 'x=y',
        'mcp-session-id': 's-1',
      });
      return void res.end('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{"content":[]}}\n\n');
    }
    res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 's-1', 'access-control-allow-origin': '*' });
    res.end(`{"jsonrpc":"2.0","id":1,"result":{"tools":[${'{"name":"t"},'.repeat(2000)}{"name":"last"}]}}`);
  });
  const config = createTestConfig({ appUrl: upstream.url, bodyLimitBytes: 4096, allowedOrigins: ['https://allowed.example'] });
  const verifyToken = toTokenVerifier(config, { getKey: keys.getKey });
  const pool = createUpstreamPool({ timeoutMs: 2000 });
  node = await listen(
    createNodeHandler(config, {
      files: new Map(),
      dispatch: pool.dispatch,
      verifyToken,
      note: (_req, learned) => void facts.node.push(learned),
    }),
    '127.0.0.1',
    0,
  );
  const webPool = createUpstreamPool({ timeoutMs: 2000 });
  const forward = createPoolForwarder(webPool.dispatch);
  const app = createApp(config, { files: new Map(), forward, verifyToken, note: (_request, learned) => void facts.web.push(learned) });
  const handle = toNodeHandler(app);
  web = await listen((req, res) => void handle(req, res), '127.0.0.1', 0);
  closers.push(node.close, web.close, pool.close, webPool.close);
});

afterAll(async () => {
  for (const close of closers) await close();
  await upstream?.close();
});

const good = () => signToken(keys, { iss: ISSUER, aud: BASE_URL, scope: 'warden:access', exp: NOW_SEC + 600 });

/** Requests that walk every step: forwarded, refused by each check, refused upstream, in every answer shape. */
async function cases(): Promise<[string, Record<string, string>, string | Buffer][]> {
  const token = await good();
  const call = (name: string) => rpc('tools/call', { name, arguments: {} });
  return [
    ['tools/list, public', JSON_HEADERS, rpc('tools/list')],
    [
      'tools/call with a valid token: an event stream, cookies dropped',
      { ...JSON_HEADERS, authorization: `Bearer ${token}` },
      call('get_account'),
    ],
    ['a notification: 202, no body', JSON_HEADERS, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })],
    ['tools/call without a token', JSON_HEADERS, call('get_account')],
    [
      'tools/call with a token for another audience',
      {
        ...JSON_HEADERS,
        authorization: `Bearer ${await signToken(keys, { iss: ISSUER, aud: 'https://other.example', scope: 'warden:access', exp: NOW_SEC + 600 })}`,
      },
      call('x'),
    ],
    [
      'tools/call with a token lacking the scope',
      {
        ...JSON_HEADERS,
        authorization: `Bearer ${await signToken(keys, { iss: ISSUER, aud: BASE_URL, scope: 'other', exp: NOW_SEC + 600 })}`,
      },
      call('x'),
    ],
    [
      'two Authorization lines',
      { ...JSON_HEADERS, authorization: `Bearer ${token}`, Authorization: `Bearer ${token}` } as Record<string, string>,
      call('x'),
    ],
    [
      'refused upstream: its challenge in the gate shape',
      { ...JSON_HEADERS, authorization: `Bearer ${token}`, 'mcp-method': 'tools/call', 'mcp-name': 'refused' },
      call('refused'),
    ],
    [
      'an upstream error labelled as an event stream: 502',
      { ...JSON_HEADERS, authorization: `Bearer ${token}`, 'mcp-method': 'tools/call', 'mcp-name': 'streamed-error' },
      call('streamed-error'),
    ],
    ['Mcp-Method disagreeing with the body', { ...JSON_HEADERS, 'mcp-method': 'tools/list' }, rpc('ping')],
    ['malformed JSON', JSON_HEADERS, '{"jsonrpc":'],
    ['not UTF-8', JSON_HEADERS, Buffer.from([0x7b, 0xff, 0x7d])],
    ['a batch', JSON_HEADERS, `[${rpc('ping')}]`],
    ['a duplicate member', JSON_HEADERS, '{"jsonrpc":"2.0","id":1,"method":"tools/list","method":"tools/call"}'],
    ['a body over the limit', JSON_HEADERS, rpc('tools/list', { pad: 'x'.repeat(5000) })],
    ['an empty body', JSON_HEADERS, ''],
    ['a foreign Origin', { ...JSON_HEADERS, origin: 'https://evil.example' }, rpc('tools/list')],
    ['an allowed Origin: CORS headers on the answer', { ...JSON_HEADERS, origin: 'https://allowed.example' }, rpc('tools/list')],
    ['an allowed Origin on a refusal', { ...JSON_HEADERS, origin: 'https://allowed.example' }, call('x')],
    [
      'an incoming request id and trace',
      { ...JSON_HEADERS, 'x-request-id': 'cdn-77', traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
      rpc('ping'),
    ],
  ];
}

describe('the Node door answers as the web door does', () => {
  it('status, headers and bytes, for every step a POST can end at', async () => {
    for (const [name, headers, body] of await cases()) {
      const [a, b] = [await send(web.url, 'POST', headers, body), await send(node.url, 'POST', headers, body)];
      expect(b.status, name).toBe(a.status);
      expect(comparable(b.headers), name).toEqual(comparable(a.headers));
      expect(b.body, name).toBe(a.body);
      expect(b.headers['x-request-id'], name).toMatch(/^[\w.:@/+=-]{1,128}$/);
    }
  });

  it('tells the access log the same facts: request id source, method, tool, token outcome, upstream status', async () => {
    for (const [name, headers, body] of await cases()) {
      facts.web.length = 0;
      facts.node.length = 0;
      const [a, b] = [await send(web.url, 'POST', headers, body), await send(node.url, 'POST', headers, body)];
      // Both answers are out; the last fact (an upstream report) is told before the head is written.
      const merge = (all: RequestFacts[]) => {
        const { requestId, upstream: up, ...rest } = Object.assign({}, ...all) as RequestFacts;
        return {
          ...rest,
          requestId: requestId === 'cdn-77' ? requestId : typeof requestId,
          upstream: up && { address: up.address, status: up.status },
        };
      };
      expect(merge(facts.node), name).toEqual(merge(facts.web));
      expect(b.headers['x-request-id'] === 'cdn-77', name).toBe(a.headers['x-request-id'] === 'cdn-77');
    }
  });

  it('every other method too: GET, DELETE, OPTIONS and PUT answer alike', async () => {
    for (const method of ['GET', 'DELETE', 'OPTIONS', 'PUT']) {
      const headers = { ...JSON_HEADERS, origin: 'https://allowed.example' };
      const [a, b] = [await send(web.url, method, headers), await send(node.url, method, headers)];
      expect(b.status, method).toBe(a.status);
      expect(comparable(b.headers), method).toEqual(comparable(a.headers));
    }
  });
});
