import type { VerifyAccessToken } from '../runtime/auth/access-token.ts';
import { createHealthRoute } from './api/health.ts';
import { createSearchRoute } from './api/search.ts';
import { createFeedbackRoute, type FeedbackRouteDeps } from './api/feedback/feedback-route.ts';
import { createSearchIndexGetter } from './api/search-index.ts';
import { createDocsMcpRoute } from './docs-mcp/docs-mcp-route.ts';
import { findUnhandledDocsTools } from './docs-mcp/docs-tool-handlers.ts';
import { findMissingErrorEntries } from '../runtime/mcp/mcp-error.ts';
import { type AppConfig, ConfigError } from './config.ts';
import type { EdgeRequest } from './edge-request.ts';
import { toErrorAnswer } from './errors/render-error.ts';
import { createEndpointPage } from './mcp/endpoint-page.ts';
import { createMcpRoute } from './mcp/mcp-route.ts';
import { PATHS } from '../facts/paths.ts';
import type { Answer, Plan, PlanResult } from './plan/plan.ts';
import { withSharedHeaders } from './plan/shared-headers.ts';
import { type RouteKind, toRoute, toRouteKey } from './routes.ts';
import { isDocsAddress } from '../runtime/feedback/gap-keys.ts';
import { toDay } from '../runtime/feedback/client-key.ts';
import { createStaticPlanner, type StaticRequest } from './static/serve-static.ts';
import type { SiteFiles } from './static/static-files.ts';
import { createStaticMemo } from './static/static-memo.ts';

/** Plans the answer to any request: the one entry every door calls. */
export type Answerer = (request: EdgeRequest) => PlanResult;

/** What the routes read: the site's files, and the token verifier of the MCP gate (else the upstream verifies). */
export interface AnswererDeps {
  files: SiteFiles;
  verifyToken?: VerifyAccessToken;
  /**
   * Whether `files` is a table held in memory that never changes (Node): the static route's answers are then planned
   * once per path, variant and coding and remembered (proxy/static/static-memo.ts).
   */
  filesInMemory?: boolean;
  /** The feedback store, limiter and tally of this runtime; without them the feedback routes answer 503. */
  feedback?: FeedbackRouteDeps['feedback'];
}

const isPromise = (value: PlanResult): value is Promise<Plan> => typeof (value as Promise<Plan>).then === 'function';

/**
 * The edge's routes behind the route table (proxy/routes.ts), as one function from a request to its plan. It never
 * throws: a failure is answered in the route's envelope (proxy/errors/render-error.ts), and every answer gets what
 * all answers share (proxy/plan/shared-headers.ts) here, once, whichever door writes it.
 */
export function createAnswerer(config: AppConfig, deps: AnswererDeps): Answerer {
  // Every code the routes can answer must be content before the first request needs it.
  const missing = findMissingErrorEntries(config.errors);
  if (missing.length > 0) throw new ConfigError(`content/errors.yaml lacks what the server answers: ${missing.join(', ')}`);
  // Every docs tool the build lists must be one this edge can run, and the reverse.
  const unhandled = findUnhandledDocsTools(config.docsServer.tools.map((tool) => tool.name));
  if (unhandled.length > 0) throw new ConfigError(`the build's docs tools and the edge's disagree: ${unhandled.join('; ')}`);
  const planner = createStaticPlanner(config, deps.files);
  const toStaticRequest = (request: EdgeRequest): StaticRequest => ({
    method: request.method,
    path: request.path,
    accept: request.headers.get('accept'),
    acceptEncoding: request.headers.get('accept-encoding'),
    userAgent: request.headers.get('user-agent'),
    preflight: request.method === 'OPTIONS' && request.headers.get('access-control-request-method') !== null,
  });
  const finish = (kind: RouteKind, answer: Answer) => withSharedHeaders(config, kind, answer);
  const staticRoute = (request: EdgeRequest) => planner(toStaticRequest(request));
  // One search index for every route that searches, loaded on first use.
  const index = createSearchIndexGetter(deps.files);
  const routes: Record<RouteKind, (request: EdgeRequest) => PlanResult> = {
    health: createHealthRoute(config),
    mcp: createMcpRoute(config, { verifyToken: deps.verifyToken, page: createEndpointPage(planner) }),
    'docs-mcp': createDocsMcpRoute(config, { files: deps.files, index, page: createEndpointPage(planner, PATHS.connectMcpDoc) }),
    search: createSearchRoute(config, index, { tally: deps.feedback?.tally, now: deps.feedback?.now }),
    feedback: createFeedbackRoute(config, deps.files, { feedback: deps.feedback, verifyToken: deps.verifyToken }),
    // `/api/*` paths with no route of their own are the static route's problem 404s (or a file such as /api/catalog).
    api: staticRoute,
    static: deps.filesInMemory ? createStaticMemo(staticRoute, (answer) => finish('static', answer), config.isAiAgent) : staticRoute,
  };

  const tally = deps.feedback?.tally;
  const now = deps.feedback?.now ?? Date.now;
  const settle = (kind: RouteKind, request: EdgeRequest, plan: Plan): Plan => {
    if (plan.kind === 'forward') return plan;
    if (plan.variant) request.note({ variant: plan.variant });
    // A docs address that does not exist is a gap: what readers guessed the docs would have.
    if (plan.status === 404 && kind === 'static' && tally) {
      const path = toRouteKey(request.path);
      if (isDocsAddress(path)) tally.countGap('page', path, toDay(now()));
    }
    return finish(kind, plan);
  };
  return (request) => {
    const kind = toRoute(request.path).kind;
    let result: PlanResult;
    try {
      result = routes[kind](request);
    } catch (error) {
      return finish(kind, toErrorAnswer(config, kind, error, request));
    }
    if (!isPromise(result)) return settle(kind, request, result);
    return result.then(
      (plan) => settle(kind, request, plan),
      (error: unknown) => finish(kind, toErrorAnswer(config, kind, error, request)),
    );
  };
}
