import { createRemoteJWKSet } from 'jose';
import { readEnv, toAppConfig } from '../../../proxy/config.ts';
import { createApp } from '../../../proxy/create-app.ts';
import { createHttpForwarder } from '../../../proxy/node/http-forwarder.ts';
import { listen, type Listening } from '../../../proxy/node/listen.ts';
import { readContent } from '../../../src/content/read-content.ts';
import { toBuildFacts } from '../../../src/lib/to-build-facts.ts';
import { getFreePort, getWorkloadToken, makeDataDir, startTestSandbox } from '../../sandbox/sandbox-fixture.ts';

/** The edge server on its own loopback address (its base URL) in front of the sandbox, with no dist: MCP paths only. */
export interface EdgeWithSandbox {
  baseUrl: string;
  sandboxUrl: string;
  /** A real client-credentials access token from the sandbox, for this base URL. */
  getToken(): Promise<string>;
  close(): Promise<void>;
}

/** Starts the sandbox and the edge (production forwarder, remote JWKS) on free 127.0.0.1 ports. */
export async function startEdgeWithSandbox(): Promise<EdgeWithSandbox> {
  const port = await getFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const data = makeDataDir();
  const sandbox = await startTestSandbox(data.dataDir, undefined, baseUrl);
  const env = readEnv({ HOST: '127.0.0.1', PORT: String(port), BASE_URL: baseUrl });
  const content = readContent(undefined, { BASE_URL: baseUrl, APP_URL: sandbox.url, AUTH_ISSUER: sandbox.issuer });
  const forward = createHttpForwarder({ timeoutMs: env.UPSTREAM_TIMEOUT_MS });
  const app = createApp(toAppConfig(env, toBuildFacts(content, 'test'), { appUrl: sandbox.url, issuer: sandbox.issuer }), {
    files: new Map(),
    forward,
    getKey: createRemoteJWKSet(new URL(sandbox.jwksUri)),
  });
  const edge: Listening = await listen(app, '127.0.0.1', port);
  return {
    baseUrl,
    sandboxUrl: sandbox.url,
    getToken: () => getWorkloadToken(sandbox),
    async close() {
      await edge.close();
      await forward.close();
      await sandbox.close();
      data.remove();
    },
  };
}
