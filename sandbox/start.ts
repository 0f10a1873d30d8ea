import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { resolve } from 'node:path';
import { createLocalJWKSet } from 'jose';
import { getContentDir, readContent, readSandboxContent } from '../content-model/read-content.ts';
import { PATHS, RELEASES_PATH, toUrl } from '../facts/paths.ts';
import { toProtectedResource } from '../documents/to-protected-resource.ts';
import { createAccessTokenVerifier } from '../runtime/auth/access-token.ts';
import { findMissingErrorEntries } from '../runtime/mcp/mcp-error.ts';
import { createProvider, WORKLOAD_POLICY } from './auth/create-provider.ts';
import { mintRegistrationCode } from './auth/interactions.ts';
import { loadOrCreateSecrets, toPublicJwk } from './auth/signing-keys.ts';
import { createDashboard, DASHBOARD_PATHS, toRegisterCommand } from './http/dashboard.ts';
import { createRequestListener } from './http/create-request-listener.ts';
import { createMcpEndpoint } from './mcp/create-mcp-endpoint.ts';
import { createArgumentsValidator } from './mcp/validate-arguments.ts';
import { toSkillResources } from './mcp/skill-resources.ts';
import { openDatabase } from './store/open-database.ts';
import { createSandboxStore } from './store/sandbox-store.ts';
import { decideSignoff } from './tools/signoff-decision.ts';
import { LOCAL } from '../runtime/local-defaults.ts';
import { refuseConnect } from '../runtime/node/refuse-connect.ts';
import type { Logger } from 'pino';
import { logSandboxRequest } from './http/request-log.ts';

/** Where and for whom the sandbox runs. */
export interface SandboxOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The edge's public base URL: one of the two resources (audiences) tokens may be for (RFC 8707). */
  baseUrl: string;
  /** Defaults to `.data/sandbox` under the working directory. */
  dataDir?: string;
  /** Access-token lifetime in seconds (short-lived: 600 by default; SANDBOX_ACCESS_TOKEN_TTL). */
  accessTokenTtl?: number;
  /** The CLI release folder served at `/releases/cli` (the stand-in for the public release archive). */
  releaseDir?: string;
  /** Where start-up lines go (the registration command); console.log by default. */
  log?: (line: string) => void;
  /** The tools' clock (run replay, audit times); tests freeze it. Tokens keep the real clock. */
  now?: () => Date;
  /** The access log: one line per request with the id the edge sent (X-Request-Id); none without it. */
  logger?: Logger;
  /**
   * The environment the published site was built with (BASE_URL, APP_URL, AUTH_ISSUER, RELEASE_ARCHIVE): the Agent
   * Skill served as an MCP resource is that site's SKILL.md, which names those addresses. By default, what `npm start`
   * builds with: the base URL, this origin as app and issuer, and its release folder, when it serves one.
   */
  publishedSite?: NodeJS.ProcessEnv;
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

/** Default loopback port of the sandbox. */
export const DEFAULT_SANDBOX_PORT = LOCAL.sandboxPort;
/** Default access-token lifetime in seconds. */
export const DEFAULT_ACCESS_TOKEN_TTL = 600;
/** How long a registration code lives, in seconds. */
export const REGISTRATION_CODE_LIFETIME = 3600;

/** Starts the no-account demo sandbox: the hosted tool endpoint, its demo authorization server and dashboard. */
export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const dataDir = resolve(options.dataDir ?? '.data/sandbox');
  const log = options.log ?? console.log;
  // The sandbox is told its base URL; the site's BASE_URL/APP_URL overrides do not apply to it.
  const content = readContent(getContentDir(), {});
  const missing = findMissingErrorEntries(content.errors);
  if (missing.length > 0) throw new Error(`content/errors.yaml lacks what the sandbox answers: ${missing.join(', ')}`);
  const data = readSandboxContent();
  const db = openDatabase(dataDir);
  const secrets = await loadOrCreateSecrets(dataDir);

  const server = createServer();
  // CONNECT never reaches the request handler: without this listener node:http destroys its socket unanswered.
  server.on('connect', (req: IncomingMessage, socket: Socket) => refuseConnect(req, socket));
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host, () => done());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  const issuer = url;
  const { site } = content;
  // Both origins are resources of their own: a token is for the edge or for this origin (RFC 8707, RFC 9728 §3.3).
  const resources = [...new Set([baseUrl, url])];

  const scopes = site.scopes.map((s) => s.name);
  const provider = createProvider({
    issuer,
    product: site.product.name,
    resources,
    scopes,
    secrets,
    db,
    cliClientId: site.cli.client_id,
    docsClient: { clientId: site.try_it.client_id, redirectUris: [toUrl(baseUrl, PATHS.tryIt), toUrl(baseUrl, PATHS.feedbackView)] },
    accessTokenTtl: options.accessTokenTtl ?? DEFAULT_ACCESS_TOKEN_TTL,
    routes: { authorization: site.oauth.authorization_path, token: site.oauth.token_path },
  });
  const store = createSandboxStore(db);
  const publishedSite = options.publishedSite ?? {
    BASE_URL: baseUrl,
    APP_URL: url,
    AUTH_ISSUER: issuer,
    ...(options.releaseDir ? { RELEASE_ARCHIVE: `${url}${RELEASES_PATH}` } : {}),
  };
  const clock = options.now ?? (() => new Date());
  const mcp = createMcpEndpoint({
    content,
    data,
    store,
    validate: createArgumentsValidator(content.tools),
    resources: toSkillResources(readContent(getContentDir(), publishedSite)),
    now: options.now,
    // This origin answers for both resources: directly for its own, and behind the edge (the same resource server).
    verify: createAccessTokenVerifier({
      issuer,
      audiences: resources,
      getKey: createLocalJWKSet({ keys: [toPublicJwk(secrets.signingKey)] }),
    }),
    resourceMetadataUrl: toUrl(url, PATHS.protectedResource),
  });
  const mint = () => mintRegistrationCode(provider, WORKLOAD_POLICY, REGISTRATION_CODE_LIFETIME);
  const edgeDocument = toProtectedResource({ ...content, site: { ...site, base_url: baseUrl, auth_issuer: issuer } });
  if (options.logger) {
    const logger = options.logger;
    server.on('request', (req, res) => logSandboxRequest(logger, req, res));
  }
  server.on(
    'request',
    createRequestListener({
      provider,
      mcp,
      protectedResourceMetadata: { ...edgeDocument, resource: url },
      interaction: { product: site.product.name, scopes: site.scopes, knownClients: [site.cli.client_id, site.try_it.client_id] },
      codeLifetime: REGISTRATION_CODE_LIFETIME,
      dashboard: createDashboard({
        product: site.product.name,
        binary: site.cli.binary,
        baseUrl,
        cookieKey: secrets.cookieKey,
        codeLifetime: REGISTRATION_CODE_LIFETIME,
        mintCode: mint,
        signoffs: {
          listOpen: () => store.listOpenSignoffs(),
          decide: (runId, decision, by, comment) => decideSignoff(store, { runId, decision, by, comment, at: clock() }),
        },
      }),
      releaseDir: options.releaseDir,
    }),
  );

  log(`${site.demo_sandbox.name}: ${url}/mcp (issuer ${issuer}; tokens for ${resources.join(' or ')})`);
  log(
    `Register a workload client (the code works once, for ${REGISTRATION_CODE_LIFETIME / 60} minutes): ${toRegisterCommand(site.cli.binary, await mint())}`,
  );
  log(`More codes: ${url}${DASHBOARD_PATHS.page}`);

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
