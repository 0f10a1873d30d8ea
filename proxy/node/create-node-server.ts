import { resolve } from 'node:path';
import { createRemoteJWKSet } from 'jose';
import type { BuildFacts } from '../../src/schemas/build-facts.ts';
import { toAppConfig, type Env, type Upstream } from '../config.ts';
import { createApp } from '../create-app.ts';
import { toStaticFiles } from '../static/static-files.ts';
import { listen, type Listening } from './listen.ts';
import { readDist } from './read-dist.ts';
import { createHttpForwarder } from './http-forwarder.ts';

/** Builds the app over dist and its facts with Node's forwarder and remote JWKS, and listens on HOST:PORT. */
export async function startNodeServer(env: Env, facts: BuildFacts, upstream: Upstream): Promise<Listening> {
  const config = toAppConfig(env, facts, upstream);
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
