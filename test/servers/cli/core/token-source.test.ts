import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCredentialStore } from '../../../../cli/core/credential-store.ts';
import { registerWorkload } from '../../../../cli/core/register-workload.ts';
import { discoverMcpEndpoint } from '../../../../cli/core/service.ts';
import { createTokenSource } from '../../../../cli/core/token-source.ts';
import { useTestSandbox } from '../../../helpers/sandbox-fixture.ts';

// The token lifecycle against the real sandbox authorization server; only the CLI's clock is moved.
const sandbox = useTestSandbox();
const root = mkdtempSync(join(tmpdir(), 'warden-tokens-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function setUp(name: string) {
  const store = createCredentialStore(join(root, name));
  const endpoint = await discoverMcpEndpoint(fetch, sandbox.url, new URL(`${sandbox.url}/mcp`));
  let now = Date.now();
  const source = createTokenSource({
    store,
    issuer: endpoint.issuer,
    as: endpoint.as,
    resource: endpoint.resource,
    scopes: endpoint.scopes,
    fetch,
    now: () => now,
  });
  return {
    store,
    endpoint,
    source,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('the token source', () => {
  it('with nothing stored: no token, and a renewal says which command to run', async () => {
    const { source, store } = await setUp('empty');
    expect(await source.getToken()).toBeUndefined();
    await expect(source.renewToken(undefined)).rejects.toMatchObject({
      code: 'ERR_NO_CREDENTIAL',
      message: expect.stringMatching(/warden login.*warden admin register/),
    });
    expect(store.read()).toEqual({ version: 1, issuers: {} });
  });

  it("with a workload client: client credentials for the endpoint's resource, cached while fresh, renewed near expiry or when refused", async () => {
    const { source, store, endpoint, advance } = await setUp('workload');
    const client = await registerWorkload(
      fetch,
      { baseUrl: sandbox.url, ...endpoint },
      await sandbox.mintRegistrationCode(),
      'test',
      Date.now,
    );
    await store.update((f) => {
      f.issuers[endpoint.issuer] = { workload: client, tokens: {} };
    });
    const first = (await source.getToken())!;
    const claims = JSON.parse(Buffer.from(first.split('.')[1]!, 'base64url').toString()) as { aud: string };
    expect(claims.aud).toBe(sandbox.url); // RFC 8707: the resource of the endpoint it is sent to
    expect(await source.getToken()).toBe(first);
    const cached = store.read().issuers[endpoint.issuer]!.tokens[endpoint.resource]!;
    advance(cached.expires_at - cached.issued_at - 1000); // inside the last tenth of its life
    const second = (await source.getToken())!;
    expect(second).not.toBe(first);
    expect(await source.renewToken(second)).not.toBe(second);
  });
});
