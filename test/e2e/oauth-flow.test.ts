import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { readDist } from '../../proxy/node/read-dist.ts';
import { DIST } from '../helpers/built-site.ts';
import { startEdgeInFront, type RunningEdge } from '../helpers/edge-in-front.ts';
import { getContentDir, readContent } from '../../content-model/read-content.ts';
import { PATHS } from '../../facts/paths.ts';
import { toToolsList } from '../../documents/to-tools-list.ts';
import { getFreePort, makeDataDir, signWithSandboxKey, startTestSandbox } from '../helpers/sandbox-fixture.ts';

// The whole system as `npm start` wires it: the edge server on one loopback port, the sandbox behind it as
// the hosted origin and authorization server, and a client that knows nothing but the edge's URL.
const dir = makeDataDir();
let edge: RunningEdge;
let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
let baseUrl: string;

beforeAll(async () => {
  const port = await getFreePort();
  baseUrl = `http://127.0.0.1:${port}`;
  sandbox = await startTestSandbox(dir.dataDir, undefined, baseUrl);
  // Besides the metadata the edge helper serves, the built tool list of the test build (base-URL independent).
  const toolsJson = readDist(DIST).find((f) => f.path === PATHS.toolsJson)!;
  edge = await startEdgeInFront(port, sandbox, [toolsJson]);
});
afterAll(async () => {
  await edge?.close();
  await sandbox?.close();
  dir.remove();
});

const rpc = (path: string, body: unknown, token?: string) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });

/** Follows the 401 challenge as an MCP client does (MCP authorization: discovery) and returns a client-credentials token. */
async function followChallengeToToken(path: string): Promise<string> {
  const challenge = await rpc(path, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_account', arguments: {} } });
  expect(challenge.status).toBe(401);
  const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge.headers.get('www-authenticate') ?? '')?.[1];
  expect(metadataUrl).toBe(`${baseUrl}/.well-known/oauth-protected-resource`);
  const prm = (await (await fetch(metadataUrl!)).json()) as {
    resource: string;
    authorization_servers: string[];
    scopes_supported: string[];
  };
  expect(prm.resource).toBe(baseUrl);
  const issuer = prm.authorization_servers[0]!;
  const as = (await (await fetch(`${issuer}/.well-known/oauth-authorization-server`)).json()) as Record<string, string>;
  expect(as.issuer).toBe(issuer); // RFC 8414 §3.3
  const code = await sandbox.mintRegistrationCode();
  const registered = await fetch(as.registration_endpoint!, {
    method: 'POST',
    headers: { authorization: `Bearer ${code}`, 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'e2e-workload', grant_types: ['client_credentials'], response_types: [], redirect_uris: [] }),
  });
  expect(registered.status).toBe(201);
  const client = (await registered.json()) as { client_id: string; client_secret: string };
  const token = await fetch(as.token_endpoint!, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${client.client_id}:${client.client_secret}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', resource: prm.resource, scope: prm.scopes_supported.join(' ') }),
  });
  expect(token.status).toBe(200);
  return ((await token.json()) as { access_token: string }).access_token;
}

type Caller = {
  callTool(p: {
    name: string;
    arguments: Record<string, unknown>;
  }): Promise<{ isError?: boolean; content: unknown; structuredContent?: unknown }>;
};

/**
 * Calls every tool with its documented example, as a reader of the tool docs would: start_run first, and
 * the examples that name the run start_run returns get the id of the run this caller really started.
 */
async function callEveryExample(client: Caller, tools: ReturnType<typeof readContent>['tools']): Promise<void> {
  const startRun = tools.find((t) => t.name === 'start_run')!;
  const exampleRunId = (startRun.example.result as { run_id: string }).run_id;
  let startedRunId = exampleRunId;
  for (const tool of [startRun, ...tools.filter((t) => t !== startRun)]) {
    const args =
      tool.example.arguments.run_id === exampleRunId ? { ...tool.example.arguments, run_id: startedRunId } : tool.example.arguments;
    const result = await client.callTool({ name: tool.name, arguments: args });
    expect(result.isError, `${tool.name}: ${JSON.stringify(result.content)}`).toBeFalsy();
    if (tool === startRun) startedRunId = (result.structuredContent as { run_id: string }).run_id;
  }
}

describe.each(['/mcp', '/.well-known/mcp'])('the whole system at %s', (path) => {
  const tools = readContent(getContentDir(), {}).tools;

  it('RPC-1: tools/list lists the same tools as GET /mcp/tools.json', async () => {
    const served = await fetch(`${baseUrl}${PATHS.toolsJson}`);
    expect(served.status).toBe(200);
    const { tools: listed } = (await served.json()) as { tools: unknown[] };
    for (const era of ['legacy', 'modern'] as const) {
      const client = new ClientV2(
        { name: 'e2e-rule-1', version: '0.0.1' },
        { versionNegotiation: { mode: era === 'modern' ? 'auto' : 'legacy' } },
      );
      await client.connect(new TransportV2(new URL(`${baseUrl}${path}`)));
      expect(client.getProtocolEra()).toBe(era);
      expect((await client.listTools()).tools).toEqual(listed);
      await client.close();
    }
  });

  it('RPC-8, AUTH-6: v1 (legacy) SDK: lists the content tools; tools/call needs a token; with one from the challenge, every tool works', async () => {
    const anonymous = new ClientV1({ name: 'e2e-v1', version: '0.0.1' });
    await anonymous.connect(new TransportV1(new URL(`${baseUrl}${path}`)));
    expect((await anonymous.listTools()).tools).toEqual(toToolsList(tools).tools);
    await expect(anonymous.callTool({ name: 'get_account', arguments: {} })).rejects.toMatchObject({ code: 401 });
    await anonymous.close();

    const token = await followChallengeToToken(path);
    const client = new ClientV1({ name: 'e2e-v1', version: '0.0.1' });
    await client.connect(new TransportV1(new URL(`${baseUrl}${path}`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    await callEveryExample(client as unknown as Caller, tools);
    await client.close();
  });

  it('v2 (modern) SDK: every tool works with a token obtained from the challenge', async () => {
    const token = await followChallengeToToken(path);
    const client = new ClientV2({ name: 'e2e-v2', version: '0.0.1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new TransportV2(new URL(`${baseUrl}${path}`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    expect(client.getProtocolEra()).toBe('modern');
    expect((await client.listTools()).tools).toEqual(toToolsList(tools).tools);
    await callEveryExample(client as unknown as Caller, tools);
    await client.close();
  });

  it('refuses a wrong-audience token and an expired token with 401 invalid_token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: sandbox.issuer, sub: 'demo-user', scope: 'warden:access', client_id: 'x' };
    const wrongAudience = await signWithSandboxKey(dir.dataDir, { ...claims, aud: 'https://elsewhere.example' }, now + 600);
    const expired = await signWithSandboxKey(dir.dataDir, { ...claims, aud: baseUrl }, now - 60);
    for (const token of [wrongAudience, expired]) {
      const res = await rpc(path, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_account', arguments: {} } }, token);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    }
  });
});
