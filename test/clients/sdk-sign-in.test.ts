import { describe, expect, it } from 'vitest';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError as UnauthorizedV1 } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
  UnauthorizedError as UnauthorizedV2,
} from '@modelcontextprotocol/client';
import { SignInProvider, type ClientKind } from '../helpers/clients/sign-in-provider.ts';
import { ADDRESS_NAMES, useClientSystem } from '../helpers/clients/client-system.ts';

// Both official SDK clients sign a person in with their OAuth client provider, as an app built on them does: the
// first tools/call gets 401, the SDK follows the challenge to the metadata and the authorization server, gets a
// client id (by registering itself, or as the URL of its metadata document), sends the browser to the sign-in
// page, and the app hands the code back with finishAuth. Then the call goes through.
const system = useClientSystem();
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
const GET_RUN = { name: 'get_run', arguments: { run_id: 'run_demo_0001' } };
const REDIRECT = 'http://127.0.0.1:43219/oauth/callback';

let published = 0;
/** A client id that is the URL of a fresh metadata document naming the test's redirect URI. */
function metadataDocumentClient(): ClientKind {
  const clientMetadataUrl = system.documents.publish(`/clients/sdk-${++published}.json`, REDIRECT, { client_name: 'SDK sign-in test' });
  return { registration: 'metadata-document', clientMetadataUrl };
}

type Sdk = 'v1' | 'v2';

/** Connects with `provider`, is refused the first call, signs in, finishes the authorization and calls again. */
async function signInAndCall(sdk: Sdk, url: string, provider: SignInProvider) {
  if (sdk === 'v1') {
    const transport = new TransportV1(new URL(url), { authProvider: provider });
    const client = new ClientV1({ name: 'sdk-sign-in-v1', version: '0.0.1' });
    await client.connect(transport);
    await expect(client.callTool(GET_RUN)).rejects.toBeInstanceOf(UnauthorizedV1);
    await transport.finishAuth(provider.callback!.searchParams.get('code')!);
    const result = await client.callTool(GET_RUN);
    await client.close();
    return result;
  }
  const transport = new TransportV2(new URL(url), { authProvider: provider });
  const client = new ClientV2({ name: 'sdk-sign-in-v2', version: '0.0.1' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(transport);
  expect(client.getProtocolEra()).toBe('modern');
  await expect(client.callTool(GET_RUN)).rejects.toBeInstanceOf(UnauthorizedV2);
  // The whole callback: the SDK checks its RFC 9207 `iss` before redeeming the code.
  await transport.finishAuth(provider.callback!.searchParams);
  const result = await client.callTool(GET_RUN);
  await client.close();
  return result;
}

describe.each(['v1', 'v2'] as const)('the %s SDK client', (sdk) => {
  describe.each(ADDRESS_NAMES)('at %s', (name) => {
    it.each(['dynamic', 'metadata-document'] as const)('signs in (%s client id) and calls get_run', async (registration) => {
      const address = system.address(name);
      const kind: ClientKind = registration === 'dynamic' ? { registration } : metadataDocumentClient();
      const provider = new SignInProvider(REDIRECT, kind);
      const result = await signInAndCall(sdk, address.url, provider);
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ run_id: 'run_demo_0001' });

      // One trip through the sign-in page, for the resource this address names (RFC 8707, RFC 9728 §3.3).
      expect(provider.authorizationUrls).toHaveLength(1);
      expect(provider.authorizationUrls[0]!.searchParams.get('resource')).toBe(address.resource);
      expect(provider.callback!.searchParams.get('iss')).toBe(system.hostedUrl);
      const clientId = provider.clientInformation()!.client_id;
      if (kind.registration === 'metadata-document') expect(clientId).toBe(kind.clientMetadataUrl);
      else expect(clientId).not.toMatch(/^https:/);
      expect(claimsOf(provider.tokens()!.access_token)).toMatchObject({ aud: address.resource, sub: 'demo-user', client_id: clientId });
    });
  });
});
