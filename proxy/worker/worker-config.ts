import { ConfigError, readEnv, toAppConfig, toUpstream, type AppConfig } from '../config.ts';
import type { BuildFacts } from '../../facts/build-facts.ts';

/** The app's configuration from the worker's bindings, plus the JWKS address when tokens are verified here. */
export interface WorkerSetup {
  config: AppConfig;
  jwksUrl?: string;
}

/** Workers bindings mix plain-text vars with objects (KV, services); only the strings are environment. */
function toStringVars(bindings: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(bindings).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * Validates the bindings with the Node entry's schema (readEnv) and combines them with the build's facts, bundled
 * into the script. HOST and PORT mean nothing here: BASE_URL defaults to the address dist was built for, and a
 * different one is refused, because every uploaded document names the built host (as proxy/serve.ts does).
 */
export function toWorkerSetup(bindings: Record<string, unknown>, built: BuildFacts): WorkerSetup {
  const env = readEnv(toStringVars(bindings));
  if (env.BASE_URL && env.BASE_URL !== built.base_url) {
    throw new ConfigError(
      `Invalid environment:\n  BASE_URL: the deployed dist was built for ${JSON.stringify(built.base_url)} (got ${JSON.stringify(env.BASE_URL)})\n` +
        `Fix: BASE_URL=${env.BASE_URL} npm run build, then npx wrangler deploy.`,
    );
  }
  // APP_URL is only where MCP requests go (the upstream URL is configuration). Tokens are checked against the
  // issuer the bundled metadata advertises unless TOKEN_ISSUER / AUTH_ISSUER say otherwise.
  const upstream = toUpstream(env, built);
  const config = toAppConfig({ ...env, BASE_URL: built.base_url }, built, upstream);
  return { config, jwksUrl: upstream.jwksUrl };
}
