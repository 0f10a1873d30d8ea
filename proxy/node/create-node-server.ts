import { resolve } from 'node:path';
import { createRemoteJWKSet } from 'jose';
import { readContent } from '../../src/content/read-content.ts';
import { toAppConfig, toBaseUrl, type Env } from '../config.ts';
import { createApp } from '../create-app.ts';
import { toStaticFiles } from '../static/static-files.ts';
import { listen, type Listening } from './listen.ts';
import { readDist } from './read-dist.ts';
import { createHttpForwarder } from './http-forwarder.ts';

/** Where MCP requests go and which authorization server's tokens are accepted. */
export interface Upstream {
  appUrl: string;
  issuer: string;
  /** JWKS address; without it, tokens are left to the upstream to verify. */
  jwksUrl?: string;
}

/** Reads content and dist, builds the app with Node's forwarder and remote JWKS, and listens on HOST:PORT. */
export async function startNodeServer(env: Env, upstream: Upstream): Promise<Listening> {
  const content = readContent(undefined, { ...process.env, BASE_URL: toBaseUrl(env), APP_URL: upstream.appUrl, AUTH_ISSUER: upstream.issuer });
  const config = toAppConfig(env, content, upstream);
  const forward = createHttpForwarder({ timeoutMs: env.UPSTREAM_TIMEOUT_MS });
  // jose's remote JWK Set caches keys and refetches on an unknown `kid`: key rotation without restarts.
  const getKey = upstream.jwksUrl ? createRemoteJWKSet(new URL(upstream.jwksUrl)) : undefined;
  const files = toStaticFiles(readDist(resolve(env.WARDEN_OUT_DIR)));
  const app = createApp(config, { files, forward, getKey });
  const listening = await listen(app, env.HOST, env.PORT);
  return {
    ...listening,
    close: async () => {
      await listening.close();
      await forward.close();
    },
  };
}

/** The upstream a bare server uses: APP_URL / AUTH_ISSUER (content defaults) and the TOKEN_* settings. */
export function toConfiguredUpstream(env: Env, content: { site: { app_url: string; auth_issuer: string } }): Upstream {
  return {
    appUrl: env.APP_URL ?? content.site.app_url,
    issuer: env.TOKEN_ISSUER ?? env.AUTH_ISSUER ?? content.site.auth_issuer,
    jwksUrl: env.TOKEN_JWKS_URL,
  };
}
