import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverMcpUrl } from '../../../../cli/core/discovery.ts';
import { discoverMcpEndpoint, discoverService } from '../../../../cli/core/service.ts';
import { useTestSandbox } from '../../../helpers/sandbox-fixture.ts';

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

// Protected-resource and authorization-server discovery themselves are tested with the core (test/servers/runtime/oauth).
describe('discovery from documents', () => {
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
