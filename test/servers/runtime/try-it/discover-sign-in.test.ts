import { describe, expect, it } from 'vitest';
import { getFreePort } from '../../../../harness/free-port.ts';
import { discoverSignIn } from '../../../../runtime/try-it/discover-sign-in.ts';
import { useDocumentServer } from '../../../helpers/document-server.ts';

// The Try it panel's discovery, on a real loopback server: the core's checks, said in the panel's words.
const server = useDocumentServer();
const documents = (origin: string, asIssuer = origin) => ({
  '/.well-known/oauth-protected-resource': { resource: origin, authorization_servers: [origin] },
  '/.well-known/oauth-authorization-server': {
    issuer: asIssuer,
    authorization_endpoint: `${origin}/auth`,
    token_endpoint: `${origin}/token`,
  },
});

describe('finding the sign-in service', () => {
  it('names its endpoints', async () => {
    server.answers = documents(server.origin);
    expect(await discoverSignIn(server.origin)).toEqual({
      issuer: server.origin,
      authorization_endpoint: `${server.origin}/auth`,
      token_endpoint: `${server.origin}/token`,
    });
  });

  it('refuses metadata for another issuer (RFC 8414 §3.3) and a server without browser sign-in', async () => {
    server.answers = documents(server.origin, 'https://evil.example');
    await expect(discoverSignIn(server.origin)).rejects.toThrow(
      /^Signing in is not possible: Authorization-server metadata at .* is for another issuer \(https:\/\/evil\.example\)\.$/,
    );
    server.answers = documents(server.origin);
    delete (server.answers['/.well-known/oauth-authorization-server'] as Record<string, unknown>).authorization_endpoint;
    await expect(discoverSignIn(server.origin)).rejects.toThrow(
      /does not offer sign-in in a browser \(no authorization_endpoint in its metadata\)\.$/,
    );
  });

  it('says plainly which service this browser cannot reach', async () => {
    const closed = `http://127.0.0.1:${await getFreePort()}`;
    await expect(discoverSignIn(closed)).rejects.toThrow(
      `The service at ${closed} is not reachable from this browser, so signing in is not possible right now.`,
    );
    server.answers = { '/.well-known/oauth-protected-resource': { resource: server.origin, authorization_servers: [closed] } };
    await expect(discoverSignIn(server.origin)).rejects.toThrow(
      `The sign-in service at ${closed} is not reachable from this browser, so signing in is not possible right now.`,
    );
  });
});
