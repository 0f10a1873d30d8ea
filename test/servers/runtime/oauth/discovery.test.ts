import { describe, expect, it } from 'vitest';
import { discoverAuthorizationServer } from '../../../../runtime/oauth/authorization-server.ts';
import { discoverProtectedResource } from '../../../../runtime/oauth/protected-resource.ts';
import { getFreePort } from '../../../../harness/free-port.ts';
import { useTestSandbox } from '../../../helpers/sandbox-fixture.ts';
import { useDocumentServer } from '../../../helpers/document-server.ts';

// Discovery against a real server whose documents each test sets: a client trusts nothing else.
const server = useDocumentServer();
const sandbox = useTestSandbox();

describe('protected-resource discovery (RFC 9728)', () => {
  it('reads the path-inserted metadata of an endpoint first (§3.1), then the root', async () => {
    const { origin } = server;
    server.answers = { '/.well-known/oauth-protected-resource': { resource: origin, authorization_servers: ['https://as.example'] } };
    expect(await discoverProtectedResource(fetch, new URL(`${origin}/mcp`))).toEqual({
      resource: origin,
      issuer: 'https://as.example',
      scopes: [],
    });
    server.answers['/.well-known/oauth-protected-resource/mcp'] = {
      resource: `${origin}/mcp`,
      authorization_servers: ['https://as2.example/'],
      scopes_supported: ['a'],
    };
    expect(await discoverProtectedResource(fetch, new URL(`${origin}/mcp`))).toEqual({
      resource: `${origin}/mcp`,
      issuer: 'https://as2.example',
      scopes: ['a'],
    });
  });

  it('refuses metadata naming another resource (§3.3), an http authorization server off loopback, or none', async () => {
    const { origin } = server;
    server.answers = {
      '/.well-known/oauth-protected-resource': { resource: 'https://victim.example', authorization_servers: ['https://as.example'] },
    };
    await expect(discoverProtectedResource(fetch, new URL(origin))).rejects.toMatchObject({ code: 'ERR_RESOURCE_MISMATCH' });
    server.answers = { '/.well-known/oauth-protected-resource': { resource: origin, authorization_servers: ['http://as.example'] } };
    await expect(discoverProtectedResource(fetch, new URL(origin))).rejects.toMatchObject({ code: 'ERR_INSECURE_URL' });
    server.answers = { '/.well-known/oauth-protected-resource': { resource: origin, authorization_servers: [] } };
    await expect(discoverProtectedResource(fetch, new URL(origin))).rejects.toThrow(/authorization_servers/);
    server.answers = {};
    await expect(discoverProtectedResource(fetch, new URL(origin))).rejects.toMatchObject({
      code: 'ERR_BAD_DOCUMENT',
      message: `Protected-resource metadata at ${origin}/.well-known/oauth-protected-resource answered HTTP 404`,
    });
  });

  it('says which origin it cannot reach', async () => {
    const closed = `http://127.0.0.1:${await getFreePort()}`;
    await expect(discoverProtectedResource(fetch, new URL(closed))).rejects.toMatchObject({
      code: 'ERR_UNREACHABLE',
      message: `cannot reach ${closed}: connection refused`,
    });
  });
});

describe('authorization-server discovery (RFC 8414)', () => {
  it('reads an issuer with a path at its path-inserted address (§3.1)', async () => {
    const issuer = `${server.origin}/tenant`;
    server.answers = {
      '/.well-known/oauth-authorization-server/tenant': { issuer, token_endpoint: `${server.origin}/tenant/token`, extra: 'kept out' },
    };
    expect(await discoverAuthorizationServer(fetch, issuer)).toEqual({ issuer, token_endpoint: `${server.origin}/tenant/token` });
  });

  it('refuses metadata for another issuer (§3.3) and endpoints that would send credentials in the clear', async () => {
    const { origin } = server;
    server.answers = { '/.well-known/oauth-authorization-server': { issuer: 'https://evil.example', token_endpoint: `${origin}/token` } };
    await expect(discoverAuthorizationServer(fetch, origin)).rejects.toMatchObject({ code: 'ERR_ISSUER_MISMATCH' });
    server.answers = { '/.well-known/oauth-authorization-server': { issuer: origin, token_endpoint: 'http://as.example/token' } };
    await expect(discoverAuthorizationServer(fetch, origin)).rejects.toMatchObject({
      code: 'ERR_INSECURE_URL',
      message: 'The token endpoint http://as.example uses plain http: only https is allowed, or http to a loopback address',
    });
    server.answers = { '/.well-known/oauth-authorization-server': { issuer: origin } };
    await expect(discoverAuthorizationServer(fetch, origin)).rejects.toMatchObject({
      code: 'ERR_BAD_DOCUMENT',
      message: expect.stringMatching(/is invalid: token_endpoint:/),
    });
  });

  it('against the sandbox: its issuer, with every endpoint a client uses', async () => {
    const { resource, issuer } = await discoverProtectedResource(fetch, new URL(`${sandbox.url}/mcp`));
    expect({ resource, issuer }).toEqual({ resource: sandbox.url, issuer: sandbox.issuer });
    const as = await discoverAuthorizationServer(fetch, issuer);
    expect(as).toMatchObject({ issuer: sandbox.issuer, token_endpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:/) });
    for (const key of ['authorization_endpoint', 'registration_endpoint', 'device_authorization_endpoint', 'revocation_endpoint'] as const)
      expect(as[key]).toBeDefined();
  });
});
