import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet } from 'jose';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { createApp } from '../../proxy/create-app.ts';
import { listen, type Listening } from '../../proxy/node/listen.ts';
import { createHttpForwarder } from '../../proxy/node/http-forwarder.ts';
import { readContent } from '../../src/content/read-content.ts';
import { toToolsList } from '../../src/lib/to-tools-list.ts';
import { BASE_URL, createTestConfig } from '../proxy/helpers/test-app.ts';
import { getWorkloadToken, makeDataDir, startTestSandbox } from './sandbox-fixture.ts';

// End to end: edge server (proxy/) in front of the sandbox, as `npm start` wires them when APP_URL is unset.
const expected = toToolsList(readContent(undefined, {}).tools).tools;
const dir = makeDataDir();
let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
let edge: Listening;
let forward: ReturnType<typeof createHttpForwarder>;
let token: string;

beforeAll(async () => {
  sandbox = await startTestSandbox(dir.dataDir, undefined, BASE_URL);
  const config = createTestConfig({ appUrl: sandbox.url, token: { issuer: sandbox.issuer, audiences: [BASE_URL] } });
  forward = createHttpForwarder({ timeoutMs: config.upstreamTimeoutMs });
  edge = await listen(createApp(config, { files: new Map(), forward, getKey: createRemoteJWKSet(new URL(sandbox.jwksUri)) }), '127.0.0.1', 0);
  token = await getWorkloadToken(sandbox);
});
afterAll(async () => {
  await edge?.close();
  await forward?.close();
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
    await client.connect(new TransportV2(new URL(`${edge.url}${path}`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    expect((await client.listTools()).tools).toEqual(expected);
    for (const [name, args] of [
      ['get_account', {}], ['list_workflows', {}], ['get_run', { run_id: 'run_demo_0001' }], ['search_lessons', { query: 'jail' }],
    ] as const) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
    }
    await client.close();
  });
});
