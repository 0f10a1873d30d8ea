import type { H3 } from 'h3';
import { createRemoteJWKSet } from 'jose';
import type { BuildFacts } from '../../facts/build-facts.ts';
import { ConfigError } from '../config.ts';
import { createApp } from '../create-app.ts';
import { createFetchForwarder } from '../forward/fetch-forwarder.ts';
import { createAssetFiles, type AssetsBinding } from './asset-files.ts';
import { toWorkerSetup } from './worker-config.ts';
import { createWorkerFeedback, type WaitUntil, type WorkerFeedback } from './worker-feedback.ts';

/** The module-worker shape Cloudflare Workers (workerd) calls: `export default { fetch }`. */
export interface ModuleWorker {
  fetch(request: Request, env: Record<string, unknown>, ctx?: WaitUntil): Promise<Response>;
}

/** One isolate's app, and its feedback when the bindings have a store. */
interface EdgeApp {
  app: H3;
  feedback?: WorkerFeedback;
}

/** The address a request came from, as Cloudflare's edge sets it (a client cannot send its own). */
const toConnectingIp = (request: Request) => request.headers.get('cf-connecting-ip') ?? '';

const isAssetsBinding = (value: unknown): value is AssetsBinding => typeof (value as AssetsBinding | undefined)?.fetch === 'function';

/**
 * Builds the app once per bindings object: the same createApp as on Node, over the asset store, with fetch
 * forwarding, remote JWKS and the feedback store in D1.
 */
function createEdgeApp(bindings: Record<string, unknown>, facts: BuildFacts): EdgeApp {
  const { config, jwksUrl } = toWorkerSetup(bindings, facts);
  if (!isAssetsBinding(bindings.ASSETS)) {
    throw new ConfigError(
      'Invalid environment:\n  ASSETS: no Workers Static Assets binding (wrangler.jsonc `assets.binding`; deploy with `npx wrangler deploy`)',
    );
  }
  const forward = createFetchForwarder({ timeoutMs: config.upstreamTimeoutMs });
  // jose's remote JWK Set caches keys and refetches on an unknown `kid`: key rotation without redeploys.
  const getKey = jwksUrl ? createRemoteJWKSet(new URL(jwksUrl)) : undefined;
  const feedback = createWorkerFeedback(config, bindings);
  const app = createApp(config, {
    files: createAssetFiles(bindings.ASSETS),
    forward,
    getKey,
    feedback: feedback?.deps,
    clientAddress: toConnectingIp,
  });
  return { app, feedback };
}

/**
 * The worker for one build. Workers hand the bindings to each request rather than to a start-up hook, so the app
 * is built on the first request and kept for the isolate's life; a bad binding answers 500 and logs the message
 * naming the variable (the Node entry would refuse to start).
 */
export function createWorker(facts: BuildFacts): ModuleWorker {
  const apps = new WeakMap<object, EdgeApp>();
  return {
    async fetch(request, env, ctx) {
      let edge = apps.get(env);
      if (!edge) {
        try {
          edge = createEdgeApp(env, facts);
        } catch (error) {
          if (!(error instanceof ConfigError)) throw error;
          console.error(error.message);
          return new Response('The worker is misconfigured; its log names the variable.\n', {
            status: 500,
            headers: { 'content-type': 'text/plain; charset=utf-8' },
          });
        }
        apps.set(env, edge);
      }
      const response = await edge.app.fetch(request);
      if (ctx) edge.feedback?.afterRequest(ctx);
      return response;
    },
  };
}
