import { H3, type EventHandler } from 'h3';
import type { JWTVerifyGetKey } from 'jose';
import { createHealthHandler } from './api/health.ts';
import { createAccessTokenVerifier, type VerifyAccessToken } from '../runtime/auth/access-token.ts';
import { ConfigError, type AppConfig } from './config.ts';
import { findMissingErrorEntries } from '../runtime/mcp/mcp-error.ts';
import { createProblemError } from './errors/http-errors.ts';
import { createErrorRenderer } from './errors/render-error.ts';
import type { Forwarder } from './forward/forwarder.ts';
import { createMcpHandler } from './mcp/mcp-handler.ts';
import { createEndpointPage } from './mcp/endpoint-page.ts';
import { createStaticHandler, createStaticPlanner } from './static/serve-static.ts';
import type { NoteRequest } from './observability/request-facts.ts';
import { REQUEST_ID_HEADER, toRequestId } from '../runtime/http/request-id.ts';
import type { SiteFiles } from './static/static-files.ts';
import { toRoute, type RouteKind } from './routes.ts';
import { toAgentLinks } from './static/agent-links.ts';

/** What varies between runtimes and tests, injected rather than mocked. */
export interface AppDeps {
  /** The dist files: read into memory by the Node entry (proxy/node/read-dist.ts), the asset store in the worker. */
  files: SiteFiles;
  /** How MCP requests reach `<app_url>/mcp`. */
  forward: Forwarder;
  /** Token signing keys; without it a present token is left to the upstream to verify. */
  getKey?: JWTVerifyGetKey;
  /** A token verifier already made (the Node server shares one, and its cache, with its fast path); else one is made from getKey. */
  verifyToken?: VerifyAccessToken;
  /** Clock for token checks, in ms; tests freeze it. */
  now?: () => number;
  /** Notes what the app learns about each request (request id, variant, MCP method, upstream): the host's logs and metrics. */
  note?: NoteRequest;
}

/** The access-token check of the MCP gate, when signing keys are configured (else the upstream verifies). */
export function toTokenVerifier(config: AppConfig, deps: Pick<AppDeps, 'getKey' | 'now'>): VerifyAccessToken | undefined {
  return deps.getKey
    ? createAccessTokenVerifier({ issuer: config.token.issuer, audiences: config.token.audiences, getKey: deps.getKey, now: deps.now })
    : undefined;
}

/** Builds the edge server: one web-standard fetch handler (`app.fetch`) that runs on Node and edge runtimes. */
export function createApp(config: AppConfig, deps: AppDeps): H3 {
  // Every code this server can answer must be content before the first request needs it.
  const missing = findMissingErrorEntries(config.errors);
  if (missing.length > 0) throw new ConfigError(`content/errors.yaml lacks what the server answers: ${missing.join(', ')}`);
  // Malformed percent-encoding reaches the static handler, which answers 404 rather than h3's bare 400.
  const app = new H3({
    onError: createErrorRenderer(config, deps.note),
    allowMalformedURL: true,
    // Every answer carries the request's id, the one the upstream and the logs get too.
    onRequest: (event) => {
      const requestId = toRequestId(event.req.headers);
      event.context.requestId = requestId;
      deps.note?.(event.req, { requestId });
    },
    onResponse: (response, event) => {
      const requestId = event.context.requestId as string | undefined;
      if (requestId) response.headers.set(REQUEST_ID_HEADER, requestId);
      // Hints on every answer (RFC 8288): a handler that says more (a page's twin, a twin's canonical page) sets its own.
      if (!response.headers.has('link')) response.headers.set('link', toAgentLinks(config.baseUrl));
    },
  });
  const verifyToken = deps.verifyToken ?? toTokenVerifier(config, deps);

  const health = createHealthHandler(config);
  const planner = createStaticPlanner(config, deps.files);
  const staticFiles = createStaticHandler(planner, deps.note);
  // One handler per kind of the route table (proxy/routes.ts), which alone decides who answers a path: `/api/*`
  // paths with no route of their own are the static handler's 404, rendered as a problem by onError.
  const handlers: Record<RouteKind, EventHandler> = {
    health: (event) => {
      if (event.req.method === 'GET' || event.req.method === 'HEAD') return health();
      throw createProblemError(config.errors, 'method_not_allowed', { headers: { allow: 'GET, HEAD' } });
    },
    mcp: createMcpHandler(config, { forward: deps.forward, verifyToken, note: deps.note, page: createEndpointPage(planner) }),
    api: staticFiles,
    static: staticFiles,
  };
  app.all('/**', (event) => handlers[toRoute(event.url.pathname).kind](event));
  return app;
}
