import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet } from 'jose';
import { toTokenVerifier } from '../../../proxy/mcp/token-verifier.ts';
import { createNodeHandler } from '../../../proxy/node/start-node-door.ts';
import { listen, type Listening } from '../../../proxy/node/listen.ts';
import { createUpstreamPool } from '../../../proxy/node/upstream-pool.ts';
import { parseBearerChallenge } from '../../../runtime/http/www-authenticate.ts';
import { discoverAuthorizationServer } from '../../../runtime/oauth/authorization-server.ts';
import { getClientCredentialsToken } from '../../../runtime/oauth/client-credentials-token.ts';
import { registerWorkloadClient } from '../../../runtime/oauth/register-workload-client.ts';
import { BASE_URL, createTestConfig } from '../../helpers/proxy/test-app.ts';
import { makeDataDir, startTestSandbox } from '../../helpers/sandbox-fixture.ts';

// The hosted origin and the edge in front of it, as `npm start` wires them. Each origin is a resource of its own
// (RFC 9728 §3.3): a client that connects to either finds metadata naming what it connected to, and both answer
// a refusal in one shape.
const dir = makeDataDir();
let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
let edge: Listening;
let pool: ReturnType<typeof createUpstreamPool>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  sandbox = await startTestSandbox(dir.dataDir, undefined, BASE_URL);
  const config = createTestConfig({ appUrl: sandbox.url, token: { issuer: sandbox.issuer, audiences: [BASE_URL] } });
  pool = createUpstreamPool({ timeoutMs: config.upstreamTimeoutMs });
  const verifyToken = toTokenVerifier(config, { getKey: createRemoteJWKSet(new URL(sandbox.jwksUri)) });
  edge = await listen(createNodeHandler(config, { files: new Map(), dispatch: pool.dispatch, verifyToken }), '127.0.0.1', 0);
  // One client, tokens for two resources (RFC 8707): the edge's base URL and the hosted origin.
  const as = await discoverAuthorizationServer(fetch, sandbox.issuer);
  const client = await registerWorkloadClient(fetch, as, { code: await sandbox.mintRegistrationCode(), clientName: 'test', scopes: [] });
  const get = async (resource: string, scopes: string[]) =>
    (await getClientCredentialsToken(fetch, as, client, resource, scopes)).access_token;
  tokens.edgeAccess = await get(BASE_URL, ['warden:access']);
  tokens.hostedAccess = await get(sandbox.url, ['warden:access']);
});
afterAll(async () => {
  await edge?.close();
  await pool?.close();
  await sandbox?.close();
  dir.remove();
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
const call = (name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id: 42,
  method: 'tools/call',
  params: { name, arguments: args },
});

/** The three addresses a client may connect to, with the metadata and the token each one expects. */
const targets = () => [
  {
    name: 'the hosted endpoint',
    url: `${sandbox.url}/mcp`,
    metadata: `${sandbox.url}/.well-known/oauth-protected-resource`,
    token: tokens.hostedAccess!,
  },
  {
    name: 'the edge /mcp',
    url: `${edge.url}/mcp`,
    metadata: `${BASE_URL}/.well-known/oauth-protected-resource`,
    token: tokens.edgeAccess!,
  },
  {
    name: 'the edge /.well-known/mcp',
    url: `${edge.url}/.well-known/mcp`,
    metadata: `${BASE_URL}/.well-known/oauth-protected-resource`,
    token: tokens.edgeAccess!,
  },
];

describe('the hosted origin is a resource of its own', () => {
  it.each(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'])(
    '%s names the hosted origin as resource',
    async (path) => {
      const prm = (await (await fetch(`${sandbox.url}${path}`)).json()) as Record<string, unknown>;
      expect(prm).toMatchObject({ resource: sandbox.url, authorization_servers: [sandbox.issuer], bearer_methods_supported: ['header'] });
    },
  );

  it("accepts a token for its own resource and one for the edge's (the same resource server behind it)", async () => {
    for (const token of [tokens.hostedAccess!, tokens.edgeAccess!]) {
      const response = await post(`${sandbox.url}/mcp`, call('get_account'), { authorization: `Bearer ${token}` });
      expect(response.status).toBe(200);
    }
  });

  it('the edge refuses a token meant for the hosted origin: it serves only its own resource (no token passthrough)', async () => {
    const response = await post(`${edge.url}/mcp`, call('get_account'), { authorization: `Bearer ${tokens.hostedAccess}` });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('error_description="The access token is for another resource"');
  });
});

describe.each([0, 1, 2])('one refusal shape (target %i)', (index) => {
  it('401 without a token: the JSON-RPC error -31401 with the request id and one well-formed challenge', async () => {
    const target = targets()[index]!;
    const response = await post(target.url, call('get_run', { run_id: 'run_demo_0001' }));
    expect(response.status, target.name).toBe(401);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: 42, error: { code: -31401, message: 'Unauthorized' } });
    const params = parseBearerChallenge(response.headers.get('www-authenticate')!);
    expect(params, response.headers.get('www-authenticate')!).toBeDefined();
    expect(Object.fromEntries(params!)).toEqual({ resource_metadata: target.metadata, scope: 'warden:access' });
  });

  it("403 when the token lacks the tool's scope: -31403, insufficient_scope naming every scope the call needs", async () => {
    const target = targets()[index]!;
    const response = await post(target.url, call('add_lesson', { title: 't', body: 'b' }), { authorization: `Bearer ${target.token}` });
    expect(response.status, target.name).toBe(403);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: 42, error: { code: -31403, message: 'Forbidden' } });
    const params = parseBearerChallenge(response.headers.get('www-authenticate')!);
    expect(params, response.headers.get('www-authenticate')!).toBeDefined();
    expect(Object.fromEntries(params!)).toMatchObject({
      resource_metadata: target.metadata,
      error: 'insufficient_scope',
      scope: 'warden:access warden:lessons.write',
    });
  });
});

describe.each([0, 1, 2])('Accept as clients send it (target %i)', (index) => {
  const list = { jsonrpc: '2.0', id: 5, method: 'tools/list', params: {} };
  const send = (accept: string | undefined) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25' };
    if (accept !== undefined) headers.accept = accept;
    return fetch(targets()[index]!.url, { method: 'POST', headers, body: JSON.stringify(list) });
  };

  it.each([undefined, '*/*', 'application/json', 'application/json, text/event-stream'])(
    'Accept %s gets a plain JSON answer',
    async (accept) => {
      const response = await send(accept);
      expect(response.status).toBe(200);
      const type = response.headers.get('content-type') ?? '';
      const text = await response.text();
      const json = type.startsWith('text/event-stream') ? /^data: (.*)$/m.exec(text)![1]! : text;
      if (accept !== 'application/json, text/event-stream') expect(type).toMatch(/^application\/json/);
      expect(JSON.parse(json)).toMatchObject({ id: 5, result: { tools: expect.any(Array) } });
    },
  );

  it('Accept text/event-stream alone gets the answer as one SSE event', async () => {
    const response = await send('text/event-stream');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await response.text()).toMatch(/^event: message\ndata: \{.*"id":5/m);
  });

  it('Accept that takes neither gets 406 and the JSON-RPC error -31406', async () => {
    const response = await send('text/html');
    expect(response.status).toBe(406);
    expect(await response.json()).toMatchObject({ error: { code: -31406, message: 'Not Acceptable' } });
  });
});
