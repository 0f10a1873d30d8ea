import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import Provider, { errors, type Configuration } from 'oidc-provider';
import type { SandboxSecrets } from './signing-keys.ts';
import { createSqliteAdapter } from './sqlite-adapter.ts';
import { toApplicationType, toPublicClientProblem, toWorkloadClientProblem, type ClientMetadata } from './client-rules.ts';
import { allowAnyLoopbackPort } from './loopback-port.ts';
import { fetchClientMetadata } from './client-metadata-fetch.ts';
import { HTML_HEADERS } from '../pages/layout.ts';
import { toAuthErrorPage, toConfirmCodePage, toDeviceDonePage, toUserCodePage } from '../pages/auth-pages.ts';

/** What the demo authorization server needs to know. */
export interface ProviderOptions {
  issuer: string;
  /** Product name on every page it renders. */
  product: string;
  /**
   * The RFC 8707 resource identifiers tokens may be for: the edge's public base URL first (the default) and the
   * hosted origin itself. Each origin is a resource in its own right (RFC 9728 §3.3).
   */
  resources: string[];
  scopes: string[];
  accessTokenTtl: number;
  secrets: SandboxSecrets;
  db: DatabaseSync;
  /** Authorization and token endpoint paths, from content/site.yaml (the OpenAPI security scheme names them). */
  routes: { authorization: string; token: string };
  /** The CLI's public client (content/site.yaml `cli.client_id`). */
  cliClientId: string;
  /**
   * The docs site's public client (content/site.yaml `try_it.client_id`) and its redirect URIs: the Try it page, and the
   * operator's feedback page, which signs in with the same client.
   */
  docsClient: { clientId: string; redirectUris: string[] };
}

/** The registration policy a registration code carries: a workload (client credentials) client. */
export const WORKLOAD_POLICY = 'workload-client';
/** The policy of open registration (no code): a public or confidential client that signs people in. */
export const PUBLIC_CLIENT_POLICY = 'public-client';
/** Where clients register (RFC 7591 §3), oidc-provider's default path. */
export const REGISTRATION_PATH = '/reg';

type PolicyContext = { oidc: { entities: { InitialAccessToken?: { destroy(): Promise<void> } } } };
type KoaContext = {
  body: unknown;
  type: string;
  status: number;
  set(name: string, value: string): void;
  oidc: { client?: { clientName?: string; clientId: string } };
};

function sendPage(ctx: KoaContext, html: string): void {
  for (const [name, value] of Object.entries(HTML_HEADERS)) ctx.set(name, value);
  ctx.body = html;
}

const clientNameOf = (ctx: KoaContext) => ctx.oidc.client?.clientName ?? ctx.oidc.client?.clientId ?? 'An application';

/** Creates the oidc-provider instance of the demo sandbox. */
export function createProvider(o: ProviderOptions): Provider {
  const scope = o.scopes.join(' ');
  const [defaultResource] = o.resources;
  const refuse = (problem: string | undefined) => {
    // RFC 7591 §3.2.2, naming what was refused; nothing is stored. oidc-provider answers a description that starts
    // with "redirect_uris" as invalid_redirect_uri, any other as invalid_client_metadata.
    if (problem) throw new errors.InvalidClientMetadata(problem);
  };
  const configuration: Configuration = {
    adapter: createSqliteAdapter(o.db),
    routes: { authorization: o.routes.authorization, token: o.routes.token, registration: REGISTRATION_PATH },
    jwks: { keys: [o.secrets.signingKey as never] },
    cookies: { keys: [o.secrets.cookieKey] },
    // Our one signing key is ES256; clients default to it instead of RS256.
    clientDefaults: {
      grant_types: ['authorization_code'],
      id_token_signed_response_alg: 'ES256',
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
    scopes: ['openid', 'offline_access', ...o.scopes],
    clients: [
      {
        client_id: o.cliClientId,
        client_name: `${o.product} CLI`,
        // RFC 8252 §7.3: a native app's loopback redirect matches on any port.
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        redirect_uris: ['http://127.0.0.1/callback', 'http://[::1]/callback'],
        grant_types: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
        response_types: ['code'],
      },
      {
        client_id: o.docsClient.clientId,
        client_name: `${o.product} docs (Try it)`,
        // A browser app: a public client with PKCE (RFC 9700 §2.1.1), no refresh token, its own origin's redirect.
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        redirect_uris: o.docsClient.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    // A public client calls the token endpoint from the browser: CORS for the origins of its own redirect URIs only.
    clientBasedCORS: (_ctx: unknown, origin: string, client: { clientAuthMethod: string; redirectUris: string[] }) =>
      client.clientAuthMethod === 'none' && client.redirectUris.some((uri) => URL.parse(uri)?.origin === origin),
    findAccount: async (_ctx: unknown, id: string) => ({ accountId: id, claims: async () => ({ sub: id }) }),
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    // A client that may refresh gets a refresh token, whether or not it asked for offline_access (the CLI, MCP clients).
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(grant: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: o.accessTokenTtl,
      ClientCredentials: o.accessTokenTtl,
      AuthorizationCode: 60,
      DeviceCode: 600,
      RefreshToken: 14 * 86_400,
      Interaction: 600,
      Session: 86_400,
      Grant: 14 * 86_400,
    },
    renderError: async (ctx: KoaContext, out: { error: string; error_description?: string }) => {
      ctx.type = 'html';
      sendPage(ctx, toAuthErrorPage(o.product, out.error, out.error_description));
    },
    // Client ID Metadata Documents are fetched with oidc-provider's SSRF guard, except from loopback (the local demo).
    fetch: fetchClientMetadata,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      clientCredentials: { enabled: true },
      // RFC 7009: the CLI's `warden logout` revokes its refresh token.
      revocation: {
        enabled: true,
        // A client revokes only its own tokens; another client's token is left alone (RFC 7009 §2.1).
        allowedPolicy: async (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) =>
          token.clientId === client.clientId,
      },
      // RFC 8628: sign-in on a machine without a browser.
      deviceFlow: {
        enabled: true,
        userCodeInputSource: async (ctx: KoaContext, form: string, _out: unknown, error?: { name?: string; userCode?: string }) => {
          const problem = !error
            ? undefined
            : error.userCode || error.name === 'NoCodeError'
              ? 'That code is not valid or has expired. Check it and try again.'
              : error.name === 'AbortedError'
                ? 'The sign-in was cancelled.'
                : 'The code could not be checked. Try again.';
          sendPage(ctx, toUserCodePage(o.product, form, problem));
        },
        userCodeConfirmSource: async (ctx: KoaContext, form: string, _client: unknown, _info: unknown, userCode: string) => {
          sendPage(ctx, toConfirmCodePage(o.product, form, clientNameOf(ctx), userCode));
        },
        successSource: async (ctx: KoaContext) => sendPage(ctx, toDeviceDonePage(o.product, clientNameOf(ctx))),
      },
      registration: {
        enabled: true,
        // Every registration carries an RFC 7591 initial access token: a registration code for a workload client,
        // or one the open door mints per request for a client that signs people in (http/create-request-listener).
        initialAccessToken: true,
        issueRegistrationAccessToken: false,
        secretFactory: () => randomBytes(32).toString('base64url'),
        policies: {
          [WORKLOAD_POLICY]: async (ctx: PolicyContext, properties: ClientMetadata) => {
            refuse(toWorkloadClientProblem(properties, o.scopes));
            Object.assign(properties, { grant_types: ['client_credentials'], response_types: [], redirect_uris: [] });
            properties.scope ??= scope;
            // The code is good for one client.
            await ctx.oidc.entities.InitialAccessToken?.destroy();
          },
          [PUBLIC_CLIENT_POLICY]: async (ctx: PolicyContext, properties: ClientMetadata) => {
            await ctx.oidc.entities.InitialAccessToken?.destroy();
            refuse(toPublicClientProblem(properties, o.scopes));
            const applicationType = toApplicationType(properties);
            if (applicationType) properties.application_type = applicationType;
          },
        },
      },
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        // The same rules as open registration: the document's redirect URIs must be loopback, https or private-use.
        allowClient: async (_ctx: unknown, client: { metadata(): ClientMetadata }) => {
          refuse(toPublicClientProblem(client.metadata(), o.scopes));
          return true;
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => defaultResource,
        useGrantedResource: () => true,
        // RFC 8707 §2: tokens are only for these resources, each with its own audience; anything else is invalid_target.
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          const resource = o.resources.find((r) => r === indicator.replace(/\/$/, ''));
          if (!resource) throw new errors.InvalidTarget(`resource must be one of ${o.resources.join(', ')}`);
          return { scope, audience: resource, accessTokenTTL: o.accessTokenTtl, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'ES256' } } };
        },
      },
    },
  };
  const provider = new Provider(o.issuer, configuration);
  allowAnyLoopbackPort(provider);
  return provider;
}
