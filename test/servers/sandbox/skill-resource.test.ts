import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRemoteJWKSet } from 'jose';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, ResourceNotFoundError, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { toTokenVerifier } from '../../../proxy/mcp/token-verifier.ts';
import { createNodeHandler } from '../../../proxy/node/start-node-door.ts';
import { listen, type Listening } from '../../../proxy/node/listen.ts';
import { createUpstreamPool } from '../../../proxy/node/upstream-pool.ts';
import { PATHS, toSkillPath } from '../../../facts/paths.ts';
import { APP_URL, BASE_URL } from '../../helpers/built-site.ts';
import { readBuilt, readBuiltJson, toDistFile } from '../../helpers/dist-files.ts';
import { createTestConfig } from '../../helpers/proxy/test-app.ts';
import { getWorkloadToken, makeDataDir, startTestSandbox } from '../../helpers/sandbox-fixture.ts';

// The Agent Skill as an MCP resource, read by the SDK clients without a token from the sandbox and through the edge,
// against the SKILL.md the test build publishes (the sandbox told that build's addresses, which the skill names).
const index = readBuiltJson<{ skills: { name: string; description: string }[] }>(PATHS.agentSkillsIndex);
const published = readFileSync(toDistFile(toSkillPath('warden'))!);
const SKILL_URI = 'skill://warden/SKILL.md';

const dir = makeDataDir();
let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
let edge: Listening;
let pool: ReturnType<typeof createUpstreamPool>;
let token: string;

beforeAll(async () => {
  sandbox = await startTestSandbox(dir.dataDir, undefined, BASE_URL, { publishedSite: { BASE_URL, APP_URL } });
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

// Where each client connects; the servers start in beforeAll, so the address is looked up in the test.
const ENDPOINTS = {
  'the sandbox itself': () => `${sandbox.url}/mcp`,
  'the edge at /mcp': () => `${edge.url}/mcp`,
  'the edge at /.well-known/mcp': () => `${edge.url}/.well-known/mcp`,
};

describe.each(Object.keys(ENDPOINTS) as (keyof typeof ENDPOINTS)[])('the skill as an MCP resource, from %s', (where) => {
  it('v1 SDK client (legacy era), no token: initialize declares resources; list names the skill; read gives the published SKILL.md byte for byte', async () => {
    const client = new ClientV1({ name: 'skill-v1', version: '0.0.1' });
    await client.connect(new TransportV1(new URL(ENDPOINTS[where]())));
    expect(client.getServerCapabilities()?.resources).toEqual({});
    const { resources } = await client.listResources();
    expect(resources).toEqual([
      { uri: SKILL_URI, name: 'warden', description: index.skills[0]!.description, mimeType: 'text/markdown', size: published.byteLength },
    ]);
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([]);
    const { contents } = await client.readResource({ uri: SKILL_URI });
    expect(contents).toHaveLength(1);
    expect(contents[0]).toMatchObject({ uri: SKILL_URI, mimeType: 'text/markdown' });
    expect(Buffer.from((contents[0] as { text: string }).text, 'utf8').equals(published)).toBe(true);
    // Any other resource needs a token (the gate, deny by default within resources/read).
    await expect(client.readResource({ uri: 'skill://nope/SKILL.md' })).rejects.toMatchObject({ code: 401 });
    await client.close();
    // SEP-2164: with one, an unknown URI is Invalid Params naming the URI (the spec before 2026-07-28 suggested -32002).
    const signedIn = new ClientV1({ name: 'skill-v1', version: '0.0.1' });
    await signedIn.connect(
      new TransportV1(new URL(ENDPOINTS[where]()), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
    );
    await expect(signedIn.readResource({ uri: 'skill://nope/SKILL.md' })).rejects.toMatchObject({
      code: -32602,
      data: { uri: 'skill://nope/SKILL.md' },
    });
    await signedIn.close();
  });

  it('v2 SDK client (2026-07-28), no token: the same list and bytes; with a token, an unknown URI is a ResourceNotFoundError', async () => {
    const client = new ClientV2({ name: 'skill-v2', version: '0.0.1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new TransportV2(new URL(ENDPOINTS[where]())));
    expect(client.getProtocolEra()).toBe('modern');
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual([SKILL_URI]);
    const { contents } = await client.readResource({ uri: SKILL_URI });
    expect(Buffer.from((contents[0] as { text: string }).text, 'utf8').equals(published)).toBe(true);
    await client.close();
    const signedIn = new ClientV2({ name: 'skill-v2', version: '0.0.1' }, { versionNegotiation: { mode: 'auto' } });
    await signedIn.connect(
      new TransportV2(new URL(ENDPOINTS[where]()), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
    );
    const error = await signedIn.readResource({ uri: 'https://warden.example/nope' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceNotFoundError);
    expect((error as ResourceNotFoundError).uri).toBe('https://warden.example/nope');
    await signedIn.close();
  });
});

describe('the resource as documented', () => {
  it('the discovery page names the URI the server lists', () => {
    expect(readBuilt('/docs/discovery.md')).toContain(`| \`uri\` | \`${SKILL_URI}\` |`);
  });

  it('a raw resources/read of an unknown URI through the edge: 401 without a token; with one, a JSON-RPC error -32602 with data { uri }', async () => {
    const read = (headers: Record<string, string> = {}) =>
      fetch(`${edge.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': '2025-11-25', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'skill://nope/SKILL.md' } }),
      });
    const anonymous = await read();
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ jsonrpc: '2.0', id: 3, error: { code: -31401 } });
    const response = await read({ authorization: `Bearer ${token}` });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: 3, error: { code: -32602, data: { uri: 'skill://nope/SKILL.md' } } });
  });
});
