import type { H3 } from 'h3';
import { createRemoteJWKSet } from 'jose';
import { ConfigError } from '../config.ts';
import { createApp } from '../create-app.ts';
import { createFetchForwarder } from '../forward/fetch-forwarder.ts';
import { toStaticFiles, type StaticFiles } from '../static/static-files.ts';
import { toRawFiles, type EmbeddedSite } from './embedded-site.ts';
import { toWorkerSetup } from './worker-config.ts';

/** The module-worker shape Cloudflare Workers (workerd) calls: `export default { fetch }`. */
export interface ModuleWorker {
  fetch(request: Request, env: Record<string, unknown>, ctx?: unknown): Promise<Response>;
}

/** Builds the app once per bindings object: the same createApp as on Node, with fetch forwarding and remote JWKS. */
function createEdgeApp(bindings: Record<string, unknown>, site: EmbeddedSite, files: StaticFiles): H3 {
  const { config, jwksUrl } = toWorkerSetup(bindings, site);
  const forward = createFetchForwarder({ timeoutMs: config.upstreamTimeoutMs });
  // jose's remote JWK Set caches keys and refetches on an unknown `kid`: key rotation without redeploys.
  const getKey = jwksUrl ? createRemoteJWKSet(new URL(jwksUrl)) : undefined;
  return createApp(config, { files, forward, getKey });
}

/**
 * The worker for one embedded build. Workers hand the bindings to each request rather than to a start-up hook,
 * so the app is built on the first request and kept for the isolate's life; a bad binding answers 500 and logs
 * the message naming the variable (the Node entry would refuse to start).
 */
export function createWorker(site: EmbeddedSite): ModuleWorker {
  // Decoded when the module loads (Workers may do that before the first request arrives), not per request.
  const files = toStaticFiles(toRawFiles(site.files));
  const apps = new WeakMap<object, H3>();
  return {
    async fetch(request, env) {
      let app = apps.get(env);
      if (!app) {
        try {
          app = createEdgeApp(env, site, files);
        } catch (error) {
          if (!(error instanceof ConfigError)) throw error;
          console.error(error.message);
          return new Response('The worker is misconfigured; its log names the variable.\n', { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } });
        }
        apps.set(env, app);
      }
      return app.fetch(request);
    },
  };
}
