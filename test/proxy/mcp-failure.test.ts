import { request } from 'node:http';
import { H3 } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../proxy/create-app.ts';
import { createErrorRenderer } from '../../proxy/errors/render-error.ts';
import { createFastPaths } from '../../proxy/node/fast-paths.ts';
import { listen, type Listening } from '../../proxy/node/listen.ts';
import { createMcpFastPath } from '../../proxy/node/mcp-fast-path.ts';
import { createUpstreamPool } from '../../proxy/node/upstream-pool.ts';
import type { RequestFacts } from '../../proxy/observability/request-facts.ts';
import { createTestConfig, refuseForward } from './helpers/test-app.ts';

// A failure inside an MCP path is answered by one function (proxy/mcp/failure-answer.ts): -32603 and nothing about
// why, the cause to the log only. The app's handler, the app's onError and the Node fast path answer it alike.

const config = createTestConfig({ allowedOrigins: ['https://allowed.example'] });
/** A token check that fails inside, as a bug in it would: not a refusal the gate knows. */
const verifyToken = async (): Promise<never> => {
  throw new TypeError('the verifier broke');
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
const servers: Record<'app' | 'fast', Listening> = {} as never;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const pool = createUpstreamPool({ timeoutMs: 1000 });
  const app = createApp(config, {
    files: new Map(),
    forward: refuseForward,
    verifyToken,
    note: (_request, learned) => void facts.push(learned),
  });
  const fastPath = createMcpFastPath(config, { dispatch: pool.dispatch, verifyToken, note: (_req, learned) => void facts.push(learned) });
  servers.app = await listen(app, '127.0.0.1', 0);
  servers.fast = await listen(app, '127.0.0.1', 0, { createFastPath: () => createFastPaths({ mcp: fastPath }) });
  closers.push(servers.app.close, servers.fast.close, pool.close);
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

/** The app's onError on an MCP path, for a failure no handler caught. */
async function viaOnError(): Promise<Answer> {
  const causes: string[] = [];
  const app = new H3({ onError: createErrorRenderer(config, (_request, learned) => void (learned.cause && causes.push(learned.cause))) });
  app.all('/mcp', () => {
    throw new TypeError('the verifier broke');
  });
  const res = await app.request('/mcp', { method: 'POST', headers: HEADERS, body: CALL });
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text(), causes };
}

const comparable = ({ status, headers, body, causes }: Answer) => ({
  status,
  type: headers['content-type'],
  cache: headers['cache-control'],
  cors: headers['access-control-allow-origin'],
  body: JSON.parse(body) as unknown,
  cause: causes.length === 1 && causes[0]!.startsWith('TypeError: the verifier broke'),
});

describe('a failure inside an MCP path', () => {
  it('is -32603 with its cause for the log only, alike through the handler, onError and the fast path', async () => {
    const answers = { handler: await post(servers.app.url), fast: await post(servers.fast.url), onError: await viaOnError() };
    const expected = {
      status: 500,
      type: 'application/json',
      cache: 'no-store',
      cors: undefined,
      body: { jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32603 }) },
      cause: true,
    };
    for (const [door, answer] of Object.entries(answers)) {
      expect(comparable(answer), door).toEqual(expected);
      expect(answer.body, door).not.toContain('verifier');
    }
  });
});
