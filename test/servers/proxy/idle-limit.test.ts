import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { toNodeHandler } from 'h3/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../proxy/create-app.ts';
import { createNodeHandler } from '../../../proxy/node/start-node-door.ts';
import { listen, type Listening } from '../../../proxy/node/listen.ts';
import { createPoolForwarder } from '../../../proxy/node/pool-forwarder.ts';
import { createUpstreamPool } from '../../../proxy/node/upstream-pool.ts';
import type { RequestFacts } from '../../../proxy/observability/request-facts.ts';
import { createTestConfig } from '../../helpers/proxy/test-app.ts';
import { startUpstream, type TestUpstream } from '../../helpers/proxy/upstream.ts';

// The upstream idle limit is one rule (proxy/forward/idle-watch.ts), kept by the Node door's relay
// (proxy/node/relay-answer.ts) and by the web door's forwarder on Node (proxy/node/pool-forwarder.ts, as web streams).
// Both doors, over one upstream pool, are sent a GET and a POST on /mcp: the Node door as `npm start` serves it, the
// web door over node:http as `npm run dev` serves it. The same upstream behaviour must end the same way through each,
// for the client and in the access log.

const IDLE_MS = 200;
const TIMEOUT_MS = 1000;
type Door = 'node' | 'web';
const DOORS: [string, Door, 'GET' | 'POST'][] = [
  ['GET, the Node door', 'node', 'GET'],
  ['POST, the Node door', 'node', 'POST'],
  ['GET, the web door over the pool forwarder', 'web', 'GET'],
  ['POST, the web door over the pool forwarder', 'web', 'POST'],
];
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});
const SSE = { 'content-type': 'text/event-stream' };
const JSON_BODY = { 'content-type': 'application/json', 'content-length': '100' };
const IDLE = `idle for ${IDLE_MS} ms after the headers`;

/** How an exchange ended for the client: its status (none when no answer came), the body it got, whether whole. */
interface Ending {
  status: number | null;
  body: string;
  complete: boolean;
}

/** The slow client's upstream: event after event, as fast as the edge takes them, until told to finish. */
const slow = { sent: [] as string[], progress: 0, finishing: false };

interface Scenario {
  upstream(res: ServerResponse): void;
  ending: Ending;
  /** What the access log is told of the upstream in the end. */
  told: { status?: number; error?: string };
}

const SCENARIOS: Record<string, Scenario> = {
  'no head within the timeout: 504': {
    upstream: () => {},
    ending: { status: 504, body: expect.stringContaining('"code":-31504') as unknown as string, complete: true },
    told: { error: 'timeout' },
  },
  'a head, then no bytes: an event stream ends cleanly, empty': {
    upstream: (res) => res.writeHead(200, SSE).flushHeaders(),
    ending: { status: 200, body: '', complete: true },
    told: { status: 200, error: IDLE },
  },
  'a head, then no bytes: JSON breaks off before its head reaches the client': {
    upstream: (res) => res.writeHead(200, JSON_BODY).flushHeaders(),
    ending: { status: null, body: '', complete: false },
    told: { status: 200, error: IDLE },
  },
  'an event, then silence: the event stream ends cleanly after it': {
    upstream: (res) => res.writeHead(200, SSE).write('data: first\n\n'),
    ending: { status: 200, body: 'data: first\n\n', complete: true },
    told: { status: 200, error: IDLE },
  },
  'part of a JSON body, then silence: it breaks off, incomplete': {
    upstream: (res) => res.writeHead(200, JSON_BODY).write('{"jsonrpc":'),
    ending: { status: 200, body: '{"jsonrpc":', complete: false },
    told: { status: 200, error: IDLE },
  },
};

let upstream: TestUpstream;
const edges = {} as Record<Door, Listening>;
const facts: RequestFacts[] = [];
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  // The scenario travels as the session id, a header the edge forwards.
  upstream = await startUpstream((req, res) => {
    const scenario = String(req.headers['mcp-session-id']);
    if (scenario !== 'slow') return SCENARIOS[scenario]!.upstream(res);
    res.writeHead(200, SSE);
    const write = () => {
      while (!slow.finishing) {
        const event = `id: ${slow.sent.length}\ndata: ${'.'.repeat(64 * 1024)}\n\n`;
        slow.sent.push(event);
        if (!res.write(event, () => slow.progress++)) return void res.once('drain', write);
      }
      res.end();
    };
    write();
  });
  const config = createTestConfig({ appUrl: upstream.url, upstreamIdleTimeoutMs: IDLE_MS, upstreamTimeoutMs: TIMEOUT_MS });
  const pool = createUpstreamPool({ timeoutMs: TIMEOUT_MS });
  const note = (learned: RequestFacts) => void facts.push(learned);
  edges.node = await listen(
    createNodeHandler(config, { files: new Map(), dispatch: pool.dispatch, note: (_req, learned) => note(learned) }),
    '127.0.0.1',
    0,
  );
  const app = createApp(config, {
    files: new Map(),
    forward: createPoolForwarder(pool.dispatch),
    note: (_request, learned) => note(learned),
  });
  const web = toNodeHandler(app);
  edges.web = await listen((req, res) => void web(req, res), '127.0.0.1', 0);
  closers.push(edges.node.close, edges.web.close, pool.close, upstream.close);
});

afterAll(async () => {
  for (const close of closers) await close();
});

/** Sends one request on /mcp; `onAnswer` sees the response as its head arrives. */
function send(door: Door, method: string, scenario: string, onAnswer?: (res: IncomingMessage) => void): Promise<Ending> {
  const accept = method === 'GET' ? 'text/event-stream' : 'application/json, text/event-stream';
  return new Promise((resolve) => {
    const req = request(
      `${edges[door].url}/mcp`,
      { method, headers: { accept, 'content-type': 'application/json', 'mcp-session-id': scenario } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('error', () => {});
        res.on('close', () => resolve({ status: res.statusCode!, body, complete: res.complete }));
        onAnswer?.(res);
      },
    );
    req.on('error', () => resolve({ status: null, body: '', complete: false }));
    req.end(method === 'POST' ? INITIALIZE : undefined);
  });
}

describe.each(Object.entries(SCENARIOS))('%s', (name, scenario) => {
  it.each(DOORS)('%s', async (_name, door, method) => {
    facts.length = 0;
    expect(await send(door, method, name)).toEqual(scenario.ending);
    const told = facts.filter((f) => f.upstream).at(-1)?.upstream;
    expect({ status: told?.status, error: told?.error }).toEqual({ status: undefined, error: undefined, ...scenario.told });
  });
});

describe('a client slower than the idle limit is not counted against the upstream', () => {
  it.each(DOORS)('%s', async (_name, door, method) => {
    Object.assign(slow, { sent: [], progress: 0, finishing: false });
    let answer!: IncomingMessage;
    let headed!: () => void;
    const head = new Promise<void>((resolve) => (headed = resolve));
    let over = false;
    const exchange = send(door, method, 'slow', (res) => {
      // The client reads nothing: the buffers on the way fill, and the edge must hold the upstream back.
      res.pause();
      answer = res;
      headed();
    }).finally(() => (over = true));
    await head;
    // The edge's own idle limit is the clock: an exchange that ends idle while the upstream made no progress at all
    // means the slow exchange was held for longer than the limit.
    const idleScenario = Object.keys(SCENARIOS)[1]!;
    for (let before = -1; before !== slow.progress; ) {
      before = slow.progress;
      expect((await send(door, 'POST', idleScenario)).complete).toBe(true);
    }
    expect(over).toBe(false);
    slow.finishing = true;
    answer.resume();
    const ending = await exchange;
    expect({ status: ending.status, complete: ending.complete }).toEqual({ status: 200, complete: true });
    expect(ending.body.length).toBe(slow.sent.join('').length);
    expect(ending.body === slow.sent.join('')).toBe(true);
  });
});
