import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet } from 'jose';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { toTokenVerifier } from '../../../proxy/mcp/token-verifier.ts';
import { createNodeHandler } from '../../../proxy/node/start-node-door.ts';
import { listen, type Listening } from '../../../proxy/node/listen.ts';
import { createUpstreamPool } from '../../../proxy/node/upstream-pool.ts';
import { readContent } from '../../../content-model/read-content.ts';
import { toToolsList } from '../../../documents/to-tools-list.ts';
import { BASE_URL, createTestConfig } from '../../helpers/proxy/test-app.ts';
import { getWorkloadToken, makeDataDir, startTestSandbox } from '../../helpers/sandbox-fixture.ts';

// End to end: the edge server (the Node door, proxy/node/) in front of the sandbox, as `npm start` wires them when APP_URL is unset.
const expected = toToolsList(readContent(undefined, {}).tools).tools;
const dir = makeDataDir();
let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
let edge: Listening;
let pool: ReturnType<typeof createUpstreamPool>;
let token: string;

beforeAll(async () => {
  sandbox = await startTestSandbox(dir.dataDir, undefined, BASE_URL);
  const config = createTestConfig({ appUrl: sandbox.url, token: { issuer: sandbox.issuer, audiences: [BASE_URL] } });
  pool = createUpstreamPool({ timeoutMs: config.upstreamTimeoutMs });
  const verifyToken = toTokenVerifier(config, { getKey: createRemoteJWKSet(new URL(sandbox.jwksUri)) });
  edge = await listen(createNodeHandler(config, { files: new Map(), dispatch: pool.dispatch, verifyToken }), '127.0.0.1', 0);
  token = await getWorkloadToken(sandbox);
});
afterAll(async () => {
  await edge?.close();
  await pool?.close();
  await sandbox?.close();
  dir.remove();
});

describe.each(['/mcp', '/.well-known/mcp'])('SDK clients through the edge at %s', (path) => {
  it('v1 (legacy) lists the content tools and gets 401 without a token', async () => {
    const client = new ClientV1({ name: 'edge-v1', version: '0.0.1' });
    await client.connect(new TransportV1(new URL(`${edge.url}${path}`)));
    expect((await client.listTools()).tools).toEqual(expected);
    await expect(client.callTool({ name: 'get_account', arguments: {} })).rejects.toMatchObject({ code: 401 });
    await client.close();
  });

  it('v2 (modern) calls every read tool with a client-credentials token', async () => {
    const client = new ClientV2({ name: 'edge-v2', version: '0.0.1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(
      new TransportV2(new URL(`${edge.url}${path}`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
    );
    expect((await client.listTools()).tools).toEqual(expected);
    for (const [name, args] of [
      ['get_account', {}],
      ['list_workflows', {}],
      ['get_run', { run_id: 'run_demo_0001' }],
      ['search_lessons', { query: 'jail' }],
    ] as const) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
    }
    await client.close();
  });
});

describe('error answers through the edge are JSON-RPC errors as JSON, whatever the client accepts', () => {
  const list = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} });
  const cases: [string, number, () => RequestInit][] = [
    // A GET without text/event-stream (a browser, an agent) gets the endpoint's page instead: test/servers/proxy/mcp-endpoint-page.test.ts.
    ['GET with Accept text/event-stream (no server stream here)', 405, () => ({ headers: { accept: 'text/event-stream' } })],
    [
      'DELETE with a token and Accept text/html',
      405,
      () => ({ method: 'DELETE', headers: { accept: 'text/html', authorization: `Bearer ${token}` } }),
    ],
    [
      'POST from a client that takes only event streams, with a protocol version the upstream refuses',
      400,
      () => ({
        method: 'POST',
        body: list,
        headers: { accept: 'text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': '1999-01-01' },
      }),
    ],
  ];
  it.each(cases)('%s → %s, application/json', async (_name, status, init) => {
    const response = await fetch(`${edge.url}/mcp`, init());
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number), message: expect.any(String) } });
  });
});
