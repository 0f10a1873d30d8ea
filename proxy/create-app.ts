import { H3 } from 'h3';
import type { JWTVerifyGetKey } from 'jose';
import type { VerifyAccessToken } from '../runtime/auth/access-token.ts';
import type { AppConfig } from './config.ts';
import { createAnswerer, type AnswererDeps } from './create-answerer.ts';
import { toErrorAnswer } from './errors/render-error.ts';
import type { Forwarder } from './forward/forwarder.ts';
import { toTokenVerifier } from './mcp/token-verifier.ts';
import type { EdgeRequest } from './edge-request.ts';
import type { NoteRequest } from './observability/request-facts.ts';
import { withSharedHeaders } from './plan/shared-headers.ts';
import { toRoute } from './routes.ts';
import type { SiteFiles } from './static/static-files.ts';
import { relayWeb } from './web/relay-web.ts';
import { toWebEdgeRequest } from './web/web-request.ts';
import { toResponse } from './web/write-response.ts';

/** What varies between runtimes and tests, injected rather than mocked. */
export interface AppDeps {
  /** The dist files: read into memory by the Node entry (proxy/node/read-dist.ts), the asset store in the worker. */
  files: SiteFiles;
  /** How MCP requests reach `<app_url>/mcp`. */
  forward: Forwarder;
  /** Token signing keys; without it a present token is left to the upstream to verify. */
  getKey?: JWTVerifyGetKey;
  /** A token verifier already made; else one is made from getKey. */
  verifyToken?: VerifyAccessToken;
  /** Clock for token checks, in ms; tests freeze it. */
  now?: () => number;
  /** Notes what the routes learn about each request (variant, MCP method, upstream): the host's logs and metrics. */
  note?: NoteRequest;
  /** The feedback store, limiter and tally of this runtime (proxy/create-answerer.ts). */
  feedback?: AnswererDeps['feedback'];
  /** The address a request came from, as the platform says it (the worker: `CF-Connecting-IP`). */
  clientAddress?: (request: Request) => string;
}

/**
 * The web door: the edge's routes (proxy/create-answerer.ts) behind one web-standard fetch handler (`app.fetch`),
 * each plan written as a `Response` (proxy/web/write-response.ts). The worker and `npm run dev` serve it; the Node
 * server writes the same plans in node:http's own terms (proxy/node/node-door.ts).
 */
export function createApp(config: AppConfig, deps: AppDeps): H3 {
  const answer = createAnswerer(config, {
    files: deps.files,
    verifyToken: deps.verifyToken ?? toTokenVerifier(config, deps),
    feedback: deps.feedback,
  });
  // Malformed percent-encoding reaches the static route, which answers 404 rather than h3's bare 400.
  const app = new H3({
    allowMalformedURL: true,
    // Nothing the routes plan throws; this answers only what could fail in writing, in the route's envelope.
    onError: (error, event) => {
      const kind = toRoute(event.url.pathname).kind;
      // The request as the route read it, so the answer keeps the id the logs have; a new reading if it failed before.
      const request =
        (event.context.edge as EdgeRequest | undefined) ??
        toWebEdgeRequest(event.req, event.url, (facts) => deps.note?.(event.req, facts), deps.clientAddress);
      return toResponse(withSharedHeaders(config, kind, toErrorAnswer(config, kind, error.cause ?? error, request)), request);
    },
  });
  app.all('/**', async (event) => {
    const web = event.req;
    const request = toWebEdgeRequest(web, event.url, (facts) => deps.note?.(web, facts), deps.clientAddress);
    event.context.edge = request;
    const plan = await answer(request);
    const finish = (refusal: Parameters<typeof withSharedHeaders>[2]) => withSharedHeaders(config, 'mcp', refusal);
    const written = plan.kind === 'forward' ? await relayWeb(config, deps.forward, plan, request, web.signal, finish) : plan;
    return toResponse(written, request);
  });
  return app;
}
