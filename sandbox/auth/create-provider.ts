import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import Provider, { errors, type Configuration } from 'oidc-provider';
import type { SandboxSecrets } from './signing-keys.ts';
import { createSqliteAdapter } from './sqlite-adapter.ts';

/** What the demo authorization server needs to know. */
export interface ProviderOptions {
  issuer: string;
  /** The RFC 8707 resource identifier every access token is for: the edge's public base URL. */
  resource: string;
  scopes: string[];
  accessTokenTtl: number;
  secrets: SandboxSecrets;
  db: DatabaseSync;
  /** Authorization and token endpoint paths, from content/site.yaml (the OpenAPI security scheme names them). */
  routes: { authorization: string; token: string };
}

/** The public client humans log in with (CLI, MCP Inspector): PKCE, any loopback port (RFC 8252 §7.3). */
export const DEMO_PUBLIC_CLIENT_ID = 'warden-demo-cli';
/** The registration policy that turns a registration code into a workload client. */
export const WORKLOAD_POLICY = 'workload-client';

/** Creates the oidc-provider instance of the demo sandbox (auth code + PKCE, client credentials, JWT access tokens). */
export function createProvider(o: ProviderOptions): Provider {
  const scope = o.scopes.join(' ');
  const configuration: Configuration = {
    adapter: createSqliteAdapter(o.db),
    routes: { authorization: o.routes.authorization, token: o.routes.token },
    jwks: { keys: [o.secrets.signingKey as never] },
    cookies: { keys: [o.secrets.cookieKey] },
    // Our one signing key is ES256; clients default to it instead of RS256.
    clientDefaults: { grant_types: ['authorization_code'], id_token_signed_response_alg: 'ES256', response_types: ['code'], token_endpoint_auth_method: 'client_secret_basic' },
    scopes: ['openid', 'offline_access', ...o.scopes],
    clients: [
      {
        client_id: DEMO_PUBLIC_CLIENT_ID,
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        redirect_uris: ['http://127.0.0.1/callback', 'http://localhost/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    findAccount: async (_ctx: unknown, id: string) => ({ accountId: id, claims: async () => ({ sub: id }) }),
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: { AccessToken: o.accessTokenTtl, ClientCredentials: o.accessTokenTtl, AuthorizationCode: 60, Interaction: 600, Session: 86_400, Grant: 86_400 },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      registration: {
        enabled: true,
        // The contract's registration code (§5 rule 2) is an RFC 7591 initial access token, used once.
        initialAccessToken: true,
        policies: {
          [WORKLOAD_POLICY]: async (ctx: { oidc: { entities: { InitialAccessToken?: { destroy(): Promise<void> } } } }, properties: Record<string, unknown>) => {
            Object.assign(properties, {
              grant_types: ['client_credentials'],
              response_types: [],
              redirect_uris: [],
              scope,
              token_endpoint_auth_method:
                properties.token_endpoint_auth_method === 'client_secret_post' ? 'client_secret_post' : 'client_secret_basic',
            });
            properties.client_secret ??= randomBytes(32).toString('base64url');
            await ctx.oidc.entities.InitialAccessToken?.destroy();
          },
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => o.resource,
        useGrantedResource: () => true,
        // RFC 8707 §2: tokens are only for this resource; anything else is invalid_target.
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (indicator.replace(/\/$/, '') !== o.resource) throw new errors.InvalidTarget();
          return { scope, audience: o.resource, accessTokenTTL: o.accessTokenTtl, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'ES256' } } };
        },
      },
    },
  };
  return new Provider(o.issuer, configuration);
}
