import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { getContentDir, readContent, readSandboxContent } from '../src/content/read-content.ts';
import { PATHS, toUrl } from '../src/lib/paths.ts';
import { toProtectedResource } from '../src/lib/to-protected-resource.ts';
import { createAccessTokenVerifier } from './auth/access-token-verifier.ts';
import { createProvider, WORKLOAD_POLICY } from './auth/create-provider.ts';
import { mintRegistrationCode } from './auth/interactions.ts';
import { loadOrCreateSecrets, toPublicJwk } from './auth/signing-keys.ts';
import { createRequestListener } from './http/create-request-listener.ts';
import { createMcpEndpoint } from './mcp/create-mcp-endpoint.ts';
import { createArgumentsValidator } from './mcp/validate-arguments.ts';
import { openDatabase } from './store/open-database.ts';
import { createSandboxStore } from './store/sandbox-store.ts';
import { LOCAL } from '../src/lib/local-defaults.ts';

/** Where and for whom the sandbox runs. */
export interface SandboxOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The edge's public base URL: the resource identifier (audience) every access token carries (RFC 8707). */
  baseUrl: string;
  /** Defaults to `.data/sandbox` under the working directory. */
  dataDir?: string;
  /** Access-token lifetime in seconds (short-lived: 600 by default). */
  accessTokenTtl?: number;
  /** Where start-up lines go (the registration code); console.log by default. */
  log?: (line: string) => void;
  /** The tools' clock (run replay, audit times); tests freeze it. Tokens keep the real clock. */
  now?: () => Date;
}

/** A running sandbox. */
export interface RunningSandbox {
  /** Origin of the sandbox; the tool endpoint is `<url>/mcp`. */
  url: string;
  issuer: string;
  jwksUri: string;
  /** Mints a one-time registration code for a workload client. */
  mintRegistrationCode(): Promise<string>;
  close(): Promise<void>;
}

/** Default loopback port of the sandbox (issue 4). */
export const DEFAULT_SANDBOX_PORT = LOCAL.sandboxPort;

/** Starts the no-account demo sandbox: the hosted tool endpoint and its demo authorization server. */
export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const dataDir = resolve(options.dataDir ?? '.data/sandbox');
  const log = options.log ?? console.log;
  // The sandbox is told its base URL; the site's BASE_URL/APP_URL overrides do not apply to it.
  const content = readContent(getContentDir(), {});
  const data = readSandboxContent();
  const db = openDatabase(dataDir);
  const secrets = await loadOrCreateSecrets(dataDir);

  const server = createServer();
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host, () => done());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  const issuer = url;

  const scopes = content.site.scopes.map((s) => s.name);
  const provider = createProvider({ issuer, resource: baseUrl, scopes, accessTokenTtl: options.accessTokenTtl ?? 600, secrets, db,
    routes: { authorization: content.site.oauth.authorization_path, token: content.site.oauth.token_path } });
  const mcp = createMcpEndpoint({
    content,
    data,
    store: createSandboxStore(db),
    validate: createArgumentsValidator(content.tools),
    now: options.now,
    verifier: createAccessTokenVerifier({ issuer, audience: baseUrl, publicKeys: [toPublicJwk(secrets.signingKey)] }),
    resource: baseUrl,
    // The proxied origin names the public metadata, never its own host (reference §6.5).
    resourceMetadataUrl: toUrl(baseUrl, PATHS.protectedResource),
  });
  server.on(
    'request',
    createRequestListener({
      provider,
      mcp,
      // The same document the site publishes, for this edge base URL and this issuer.
      protectedResourceMetadata: toProtectedResource({ ...content, site: { ...content.site, base_url: baseUrl, auth_issuer: issuer } }),
    }),
  );

  const mint = () => mintRegistrationCode(provider, WORKLOAD_POLICY);
  log(`${content.site.demo_sandbox.name}: ${url}/mcp (issuer ${issuer}, tokens for ${baseUrl})`);
  log(`Registration code (one use, 1 hour): ${await mint()}  — more: POST ${url}/registration-codes`);

  return {
    url,
    issuer,
    jwksUri: `${issuer}/jwks`,
    mintRegistrationCode: mint,
    async close() {
      await mcp.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      db.close();
    },
  };
}
