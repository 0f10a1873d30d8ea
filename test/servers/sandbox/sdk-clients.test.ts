import { describe, expect, it } from 'vitest';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { readContent } from '../../../content-model/read-content.ts';
import { toToolsList } from '../../../documents/to-tools-list.ts';
import { getWorkloadToken, postMcp, useTestSandbox } from '../../helpers/sandbox-fixture.ts';

const sandbox = useTestSandbox();

const expected = toToolsList(readContent(undefined, {}).tools).tools;

describe('the official SDK clients against the sandbox', () => {
  it('v1 (legacy era) connects, lists the content tools, and gets 401 for tools/call without a token', async () => {
    const client = new ClientV1({ name: 'sandbox-test-v1', version: '0.0.1' });
    await client.connect(new TransportV1(new URL(`${sandbox.url}/mcp`)));
    const { tools } = await client.listTools();
    expect(tools).toEqual(expected);
    const error = await client.callTool({ name: 'get_account', arguments: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect((error as StreamableHTTPError).code).toBe(401);
    await client.close();
  });

  it('v2 (modern era) negotiates 2026-07-28, lists the content tools, and calls a tool with a token', async () => {
    const unauth = new ClientV2({ name: 'sandbox-test-v2', version: '0.0.1' }, { versionNegotiation: { mode: 'auto' } });
    await unauth.connect(new TransportV2(new URL(`${sandbox.url}/mcp`)));
    expect(unauth.getProtocolEra()).toBe('modern');
    expect((await unauth.listTools()).tools).toEqual(expected);
    await expect(unauth.callTool({ name: 'get_account', arguments: {} })).rejects.toMatchObject({ status: 401 });
    await unauth.close();

    const token = await getWorkloadToken(sandbox);
    const client = new ClientV2({ name: 'sandbox-test-v2', version: '0.0.1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(
      new TransportV2(new URL(`${sandbox.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
    );
    const result = await client.callTool({ name: 'get_account', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ plan: 'free', hosted_starts: { limit: 500 } });
    await client.close();
  });

  it('the 401 challenge leads to the protected-resource metadata and on to the authorization server', async () => {
    const response = await postMcp(sandbox.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_account', arguments: {} },
    });
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate') ?? '';
    // Contract RPC-2; RFC 6750 §3.1: no error code when no credential was sent.
    expect(challenge).toMatch(/^Bearer resource_metadata="[^"]+"/);
    expect(challenge).not.toContain('error=');
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1]!;
    const prm = (await (await fetch(metadataUrl)).json()) as { resource: string; authorization_servers: string[] };
    expect(prm.resource).toBe(sandbox.baseUrl);
    expect(prm.authorization_servers).toEqual([sandbox.issuer]);
    const as = (await (await fetch(`${prm.authorization_servers[0]}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      unknown
    >;
    expect(as.issuer).toBe(sandbox.issuer);
    expect(as.code_challenge_methods_supported).toContain('S256');
    expect(as.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'client_credentials']));
    expect(as.jwks_uri).toBe(sandbox.jwksUri);
    const jwks = (await (await fetch(sandbox.jwksUri)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('initialize, ping and tools/list need no credential (contract RPC-3, AUTH-1), with the params of RPC-5 to RPC-7', async () => {
    // RPC-5, VERSION-3: the client chooses a dated protocolVersion; RPC-6: ping needs no params; RPC-7: tools/list takes {}.
    const init = await postMcp(sandbox.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    });
    expect(init.status).toBe(200);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    const ping = await postMcp(sandbox.url, { jsonrpc: '2.0', id: 2, method: 'ping' });
    expect(ping.status).toBe(200);
    const list = await postMcp(sandbox.url, { jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} });
    expect(list.status).toBe(200);
  });
});
