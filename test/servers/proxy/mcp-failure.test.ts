import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../proxy/create-app.ts';
import type { Forwarder } from '../../../proxy/forward/forwarder.ts';
import { createNodeHandler } from '../../../proxy/node/start-node-door.ts';
import { listen, type Listening } from '../../../proxy/node/listen.ts';
import { createUpstreamPool } from '../../../proxy/node/upstream-pool.ts';
import type { RequestFacts } from '../../../proxy/observability/request-facts.ts';
import { createTestConfig, refuseForward } from '../../helpers/proxy/test-app.ts';

// A failure inside an MCP path is answered by one function (proxy/mcp/failure-answer.ts): -32603 and nothing about
// why, the cause to the log only. The Node door, the web door's route and the web door's onError answer it alike.

const config = createTestConfig({ allowedOrigins: ['https://allowed.example'] });
/** A token check that fails inside, as a bug in it would: not a refusal the gate knows. */
const verifyToken = async (): Promise<never> => {
  throw new TypeError('the verifier broke');
};
/** A forwarder that fails inside (not an UpstreamError): the web door's handler throws, and its onError answers. */
const brokenForward: Forwarder = async () => {
  throw new TypeError('the forwarder broke');
};
const CALL = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_account', arguments: {} } });
const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  authorization: 'Bearer abc',
  origin: 'https://allowed.example',
};

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  causes: string[];
}

const facts: RequestFacts[] = [];
let node: Listening;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const pool = createUpstreamPool({ timeoutMs: 1000 });
  node = await listen(
    createNodeHandler(config, {
      files: new Map(),
      dispatch: pool.dispatch,
      verifyToken,
      note: (_req, learned) => void facts.push(learned),
    }),
    '127.0.0.1',
    0,
  );
  closers.push(node.close, pool.close);
});

afterAll(async () => {
  for (const close of closers) await close();
});

function post(url: string): Promise<Answer> {
  facts.length = 0;
  return new Promise((resolve, reject) => {
    const req = request(`${url}/mcp`, { method: 'POST', headers: HEADERS }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body, causes: facts.flatMap((f) => (f.cause ? [f.cause] : [])) }),
      );
    });
    req.on('error', reject);
    req.end(CALL);
  });
}

/** One POST through the web door (app.request), with the route's verifier and forwarder as given. */
async function viaWebDoor(deps: { verifyToken?: typeof verifyToken; forward: Forwarder }): Promise<Answer> {
  const causes: string[] = [];
  const app = createApp(config, {
    files: new Map(),
    ...deps,
    note: (_request, learned) => void (learned.cause && causes.push(learned.cause)),
  });
  const res = await app.request('/mcp', { method: 'POST', headers: HEADERS, body: CALL });
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text(), causes };
}

const comparable = ({ status, headers, body, causes }: Answer, broke: string) => ({
  status,
  type: headers['content-type'],
  cache: headers['cache-control'],
  cors: headers['access-control-allow-origin'],
  body: JSON.parse(body) as unknown,
  cause: causes.length === 1 && causes[0]!.startsWith(`TypeError: ${broke}`),
});

describe('a failure inside an MCP path', () => {
  it("is -32603 with its cause for the log only, alike through the Node door, the web door and the web door's onError", async () => {
    const answers: [string, Answer, string][] = [
      ['the Node door', await post(node.url), 'the verifier broke'],
      ['the web door', await viaWebDoor({ verifyToken, forward: refuseForward }), 'the verifier broke'],
      // No verifier: the token is the upstream's to check, and the request reaches the forwarder, which breaks.
      ["the web door's onError", await viaWebDoor({ forward: brokenForward }), 'the forwarder broke'],
    ];
    const expected = {
      status: 500,
      type: 'application/json',
      cache: 'no-store',
      cors: undefined,
      body: { jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32603 }) },
      cause: true,
    };
    for (const [door, answer, broke] of answers) {
      expect(comparable(answer, broke), door).toEqual(expected);
      expect(answer.body, door).not.toContain(broke.split(' ')[1]);
    }
  });
});
