import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConnection, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from 'h3/node';
import { createApp } from '../../../proxy/create-app.ts';
import { createFetchForwarder } from '../../../proxy/forward/fetch-forwarder.ts';
import type { AppConfig } from '../../../proxy/config.ts';
import { createNodeHandler } from '../../../proxy/node/start-node-door.ts';
import { listen, type Listening } from '../../../proxy/node/listen.ts';
import { createPoolForwarder } from '../../../proxy/node/pool-forwarder.ts';
import { createUpstreamPool } from '../../../proxy/node/upstream-pool.ts';
import { BASE_URL, createTestConfig } from '../../helpers/proxy/test-app.ts';
import { startUpstream, type TestUpstream } from '../../helpers/proxy/upstream.ts';

// The ways the edge forwards, which must answer alike: the Node door over its upstream pool (`npm start`), and the
// web door with each of its forwarders, served over node:http: the pool as a web Response (`npm run dev`) and fetch
// (the worker's).
type Door = (config: AppConfig) => { handle: Parameters<typeof listen>[0]; close(): Promise<void> };
/** The web door over node:http, as `npm run dev` serves it. */
const toWebHandler = (app: ReturnType<typeof createApp>): Parameters<typeof listen>[0] => {
  const handle = toNodeHandler(app);
  return (req, res) => void handle(req, res);
};
const DOORS: Record<string, Door> = {
  'the Node door': (config) => {
    const pool = createUpstreamPool({ timeoutMs: config.upstreamTimeoutMs });
    return { handle: createNodeHandler(config, { files: new Map(), dispatch: pool.dispatch }), close: pool.close };
  },
  'the web door over the pool': (config) => {
    const pool = createUpstreamPool({ timeoutMs: config.upstreamTimeoutMs });
    const forward = createPoolForwarder(pool.dispatch);
    return { handle: toWebHandler(createApp(config, { files: new Map(), forward })), close: pool.close };
  },
  'the web door over fetch': (config) => {
    const forward = createFetchForwarder({ timeoutMs: config.upstreamTimeoutMs });
    return { handle: toWebHandler(createApp(config, { files: new Map(), forward })), close: async () => {} };
  },
};
let door: Door = DOORS['the Node door']!;

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** The edge server on a random loopback port in front of the given upstream URL. */
async function startEdge(appUrl: string, overrides: Parameters<typeof createTestConfig>[0] = {}): Promise<Listening> {
  const { handle, close } = door(createTestConfig({ appUrl, ...overrides }));
  const edge = await listen(handle, '127.0.0.1', 0);
  stops.push(async () => {
    await edge.close();
    await close();
  });
  return edge;
}

async function upstream(handler: Parameters<typeof startUpstream>[0]): Promise<TestUpstream> {
  const up = await startUpstream(handler);
  stops.push(() => up.close());
  return up;
}

/** The data of a chunked body (RFC 9112 §7.1), no extensions or trailers. */
function unchunk(body: string): string {
  let data = '';
  for (let at = 0; ; ) {
    const line = body.indexOf('\r\n', at);
    const size = parseInt(body.slice(at, line), 16);
    if (!(size > 0)) return data;
    data += body.slice(line + 2, line + 2 + size);
    at = line + 2 + size + 2;
  }
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});
const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/mcp`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
  });

describe.each(Object.entries(DOORS))('forwarding to <app_url>/mcp over real servers (%s)', (_name, chosen) => {
  beforeEach(() => {
    door = chosen;
  });

  it('forwards the request bytes unchanged and copies back Mcp-Session-Id', async () => {
    const up = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'sess-42', 'set-cookie': 'a=b' });
      res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
    });
    const edge = await startEdge(up.url);
    const body = `${initialize}  \n`;
    const res = await post(edge.url, body);
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBe('sess-42');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.text()).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
    expect(up.requests[0]!.body).toBe(body);
    expect(up.requests[0]!.headers['x-forwarded-for']).toBeUndefined();
  });

  it('streams SSE events as they come, not after the upstream finishes', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const up = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress"}\n\n');
      void gate.then(() => res.end('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n'));
    });
    const edge = await startEdge(up.url);
    const res = await post(edge.url, initialize);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('notifications/progress'); // arrived while the upstream still holds the response open
    release();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(rest).toContain('"result"');
  });

  it("answers an upstream 401 in its own shape: the JSON-RPC error and one challenge naming this host's metadata", async () => {
    const up = await upstream((_req, res) => {
      res.writeHead(401, {
        'www-authenticate':
          'Bearer error="invalid_token", error_description="The access token expired", resource_metadata="https://app.warden.example/.well-known/oauth-protected-resource/mcp"',
      });
      res.end('{"error":"invalid_token"}');
    });
    const edge = await startEdge(up.url);
    const res = await post(edge.url, initialize, { authorization: 'Bearer abc' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource", error="invalid_token", error_description="The access token expired"`,
    );
    expect(await res.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -31401, message: 'Unauthorized', data: { detail: 'The access token expired.' } },
    });
  });

  it('never passes a malformed upstream challenge on (a parameter twice, RFC 9110 §11.2)', async () => {
    const up = await upstream((_req, res) => {
      res.writeHead(401, { 'www-authenticate': 'Bearer resource_metadata="https://a.example/x", resource_metadata="https://a.example/x"' });
      res.end();
    });
    const edge = await startEdge(up.url);
    const res = await post(edge.url, initialize);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource", scope="warden:access"`,
    );
  });

  it("answers an upstream 403 insufficient_scope as -31403 with the upstream's scopes", async () => {
    const up = await upstream((_req, res) => {
      res.writeHead(403, {
        'www-authenticate':
          'Bearer error="insufficient_scope", scope="warden:access warden:lessons.write", resource_metadata="https://x.example/m"',
      });
      res.end();
    });
    const edge = await startEdge(up.url);
    const res = await post(
      edge.url,
      JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'add_lesson', arguments: {} } }),
      { authorization: 'Bearer abc' },
    );
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource", error="insufficient_scope", error_description="The hosted tool endpoint refused the access token", scope="warden:access warden:lessons.write"`,
    );
    expect(await res.json()).toMatchObject({ id: 7, error: { code: -31403 } });
  });

  it("forwards an MCP client's GET (Accept: text/event-stream) without a token, and DELETE (which ends a session) only with one", async () => {
    const up = await upstream((_req, res) => {
      res.writeHead(405, { allow: 'POST' });
      res.end();
    });
    const edge = await startEdge(up.url);
    const get = await fetch(`${edge.url}/.well-known/mcp`, { headers: { 'mcp-session-id': 's1', accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const anonymous = await fetch(`${edge.url}/.well-known/mcp`, { method: 'DELETE', headers: { 'mcp-session-id': 's1' } });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: -31401 } });
    const deleted = await fetch(`${edge.url}/.well-known/mcp`, {
      method: 'DELETE',
      headers: { 'mcp-session-id': 's1', authorization: 'Bearer abc' },
    });
    expect(deleted.status).toBe(405);
    expect(up.requests.map((r) => [r.method, r.headers['mcp-session-id']])).toEqual([
      ['GET', 's1'],
      ['DELETE', 's1'],
    ]);
  });

  it('upstream down → 502 with JSON-RPC -31502', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const edge = await startEdge(`http://127.0.0.1:${port}`);
    const res = await post(edge.url, initialize);
    expect(res.status).toBe(502);
    expect((await res.json()).error).toMatchObject({ code: -31502, message: 'Bad Gateway' });
  });

  it('upstream slower than the timeout → 504 with JSON-RPC -31504', async () => {
    const up = await upstream(() => {}); // never answers
    const edge = await startEdge(up.url, { upstreamTimeoutMs: 200 });
    const res = await post(edge.url, initialize);
    expect(res.status).toBe(504);
    expect((await res.json()).error).toMatchObject({ code: -31504, message: 'Gateway Timeout' });
  });

  it('an SSE stream whose upstream falls silent past the idle limit ends cleanly after the events it got', async () => {
    const up = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress"}\n\n');
    });
    const edge = await startEdge(up.url, { upstreamIdleTimeoutMs: 300 });
    const started = Date.now();
    const res = await post(edge.url, initialize);
    expect(await res.text()).toContain('notifications/progress'); // resolves: the stream ended, no error
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a JSON body whose upstream falls silent past the idle limit is broken off, never held open', async () => {
    const up = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"jsonrpc":');
    });
    const edge = await startEdge(up.url, { upstreamIdleTimeoutMs: 300 });
    const res = await post(edge.url, initialize);
    await expect(res.text()).rejects.toThrow();
    expect((await post(edge.url, initialize)).status).toBe(200);
  });

  it('body over the limit → 413 with JSON-RPC -31413, upstream never called', async () => {
    const up = await upstream((_req, res) => res.end());
    const edge = await startEdge(up.url, { bodyLimitBytes: 1024 });
    const res = await post(edge.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(5000) } }));
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe(-31413);
    expect(up.requests).toHaveLength(0);
  });

  it('connection reset mid-stream drops the client connection, and the server keeps serving', async () => {
    let calls = 0;
    const up = await upstream((req, res) => {
      calls++;
      if (calls === 1) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: first\n\n');
        setTimeout(() => req.socket.destroy(), 50);
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
      }
    });
    const edge = await startEdge(up.url);
    const res = await post(edge.url, initialize);
    await expect(res.text()).rejects.toThrow();
    const next = await post(edge.url, initialize);
    expect(next.status).toBe(200);
  });

  it('a large answer to a client slower than the idle limit arrives whole: the upstream is held back, not buffered or cut', async () => {
    // 16 MiB: more than the loopback sockets' buffers hold on the way, so the upstream can finish only as the client reads.
    const events = Array.from({ length: 16_384 }, (_, i) => `id: ${i}\ndata: ${String(i).padStart(1000, '.')}\n\n`).join('');
    let finished!: (at: number) => void;
    const upstreamFinished = new Promise<number>((resolve) => (finished = resolve));
    const up = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.on('finish', () => finished(Date.now()));
      res.end(events);
    });
    // The idle limit counts the upstream's silence while the client could take a chunk, not the client's.
    const edge = await startEdge(up.url, { upstreamIdleTimeoutMs: 200 });
    const { port } = new URL(edge.url);
    let resumed = 0;
    const received = await new Promise<string>((resolve, reject) => {
      const socket = createConnection({ host: '127.0.0.1', port: Number(port) });
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
      socket.on('error', reject);
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nConnection: close\r\nContent-Length: ${initialize.length}\r\n\r\n${initialize}`,
      );
      // Read nothing for a while: the kernel buffers fill, and the edge must wait for the client.
      socket.pause();
      setTimeout(() => {
        resumed = Date.now();
        socket.resume();
      }, 600);
    });
    expect(await upstreamFinished).toBeGreaterThanOrEqual(resumed);
    const [head, ...rest] = received.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    const body = rest.join('\r\n\r\n');
    // Inside chunked framing (RFC 9112 §7.1) or not, the events arrive in order, all of them.
    expect(/transfer-encoding: chunked/i.test(head!) ? unchunk(body) : body).toBe(events);
  });

  // The Node door and the pool read the first packet's body before they answer; fetch (the worker) resolves at the
  // head, so there such a body reaches the client as a response that breaks off.
  if (chosen !== DOORS['the web door over fetch'])
    it('an answer whose body is malformed from its first byte → 502 with JSON-RPC -31502, none of it passed on', async () => {
      // Head and a chunk size that is not hex in one write: the parser meets both in one pass.
      const broken = createServer((socket) => {
        socket.once('data', () =>
          socket.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n'),
        );
        socket.on('error', () => {});
      });
      await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
      stops.push(() => new Promise<void>((resolve) => broken.close(() => resolve())));
      const edge = await startEdge(`http://127.0.0.1:${(broken.address() as AddressInfo).port}`);
      const res = await post(edge.url, initialize);
      expect(res.status).toBe(502);
      expect((await res.json()).error.code).toBe(-31502);
    });

  describe('an error the upstream labels text/event-stream is an invalid answer: 502 with JSON-RPC -31502, none of it passed on', () => {
    const event = 'event: message\ndata: {"jsonrpc":"2.0","error":{"code":-32000,"message":"Method not allowed."},"id":null}\n\n';
    const cases: [string, number, boolean][] = [
      ['GET, ended', 405, true],
      ['GET, left open', 405, false],
      ['POST, ended', 400, true],
      ['POST, left open', 400, false],
    ];
    it.each(cases)('%s: upstream %s', async (name, status, ended) => {
      let released!: () => void;
      const upstreamReleased = new Promise<void>((r) => (released = r));
      const up = await upstream((_req, res) => {
        res.once('close', released);
        res.writeHead(status, { 'content-type': 'text/event-stream', allow: 'POST' });
        if (ended) res.end(event);
        else res.write(event);
      });
      const edge = await startEdge(up.url);
      const res = name.startsWith('GET')
        ? await fetch(`${edge.url}/mcp`, { headers: { accept: 'text/event-stream' } })
        : await post(edge.url, initialize);
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect((await res.json()).error.code).toBe(-31502);
      // A stream left open is let go, not held until the idle limit.
      await upstreamReleased;
    });
  });

  it('an interim 103 before the answer: the client gets the answer', async () => {
    const up = await upstream((_req, res) => {
      res.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
    });
    const edge = await startEdge(up.url);
    const res = await post(edge.url, initialize);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
  });

  it('a client that leaves mid-stream releases the upstream request', async () => {
    let closed!: () => void;
    const upstreamClosed = new Promise<void>((r) => (closed = r));
    const up = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: hello\n\n');
      res.on('close', () => closed());
    });
    const edge = await startEdge(up.url);
    const controller = new AbortController();
    const res = await fetch(`${edge.url}/mcp`, {
      method: 'POST',
      body: initialize,
      headers: { 'content-type': 'application/json' },
      signal: controller.signal,
    });
    await res.body!.getReader().read();
    controller.abort();
    await upstreamClosed;
    expect(up.requests).toHaveLength(1);
  });
});
