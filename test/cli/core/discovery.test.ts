import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverMcpUrl, getAuthServerMetadata, getProtectedResource } from '../../../cli/core/discovery.ts';
import { discoverMcpEndpoint, discoverService } from '../../../cli/core/service.ts';
import { useTestSandbox } from '../../sandbox/sandbox-fixture.ts';

// Discovery against a real server whose documents each test sets: the CLI trusts nothing else.
let server: Server;
let origin: string;
let docs: Record<string, unknown> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const doc = docs[req.url ?? ''];
    if (doc === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(typeof doc === 'string' ? doc : JSON.stringify(doc));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const sandbox = useTestSandbox();

describe('discovery from documents', () => {
  it('reads the path-inserted metadata of an endpoint first (RFC 9728 §3.1), then the root', async () => {
    docs = { '/.well-known/oauth-protected-resource': { resource: origin, authorization_servers: ['https://as.example'] } };
    expect(await getProtectedResource(fetch, new URL(`${origin}/mcp`))).toEqual({ resource: origin, issuer: 'https://as.example', scopes: [] });
    docs['/.well-known/oauth-protected-resource/mcp'] = { resource: `${origin}/mcp`, authorization_servers: ['https://as2.example'], scopes_supported: ['a'] };
    expect(await getProtectedResource(fetch, new URL(`${origin}/mcp`))).toEqual({ resource: `${origin}/mcp`, issuer: 'https://as2.example', scopes: ['a'] });
  });

  it('refuses metadata naming another resource (RFC 9728 §3.3) or an http authorization server off loopback', async () => {
    docs = { '/.well-known/oauth-protected-resource': { resource: 'https://victim.example', authorization_servers: ['https://as.example'] } };
    await expect(getProtectedResource(fetch, new URL(origin))).rejects.toMatchObject({ code: 'ERR_RESOURCE_MISMATCH' });
    docs = { '/.well-known/oauth-protected-resource': { resource: origin, authorization_servers: ['http://as.example'] } };
    await expect(getProtectedResource(fetch, new URL(origin))).rejects.toMatchObject({ code: 'ERR_INSECURE_URL' });
    docs = { '/.well-known/oauth-protected-resource': { resource: origin, authorization_servers: [] } };
    await expect(getProtectedResource(fetch, new URL(origin))).rejects.toThrow(/authorization_servers/);
  });

  it('refuses authorization-server metadata for another issuer (RFC 8414 §3.3)', async () => {
    docs = { '/.well-known/oauth-authorization-server': { issuer: 'https://evil.example', token_endpoint: `${origin}/token` } };
    await expect(getAuthServerMetadata(fetch, origin)).rejects.toMatchObject({ code: 'ERR_ISSUER_MISMATCH' });
  });

  it('learns the tool endpoint from the health document, else the tool manifest', async () => {
    docs = { '/api/health': { status: 'ok', mcp: 'https://app.example/mcp' } };
    expect((await discoverMcpUrl(fetch, origin)).href).toBe('https://app.example/mcp');
    docs = { '/.well-known/mcp.json': { remotes: [{ type: 'streamable-http', url: 'https://app2.example/mcp' }] } };
    expect((await discoverMcpUrl(fetch, origin)).href).toBe('https://app2.example/mcp');
    docs = {};
    await expect(discoverMcpUrl(fetch, origin)).rejects.toMatchObject({ code: 'ERR_BAD_DOCUMENT' });
  });

  it('against the sandbox: its endpoint is its own resource, issued for by its authorization server', async () => {
    const endpoint = await discoverMcpEndpoint(fetch, sandbox.url, new URL(`${sandbox.url}/mcp`));
    expect(endpoint).toMatchObject({ resource: sandbox.url, issuer: sandbox.issuer });
    expect(endpoint.as.token_endpoint).toMatch(new RegExp(`^${sandbox.issuer}/`));
    const service = await discoverService(fetch, sandbox.url);
    expect(service.as.registration_endpoint).toBeDefined();
  });
});
