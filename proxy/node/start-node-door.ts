import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { createRemoteJWKSet } from 'jose';
import type { Logger } from 'pino';
import type { BuildFacts } from '../../facts/build-facts.ts';
import { createLogger } from '../../runtime/node/create-logger.ts';
import type { VerifyAccessToken } from '../../runtime/auth/access-token.ts';
import { type AppConfig, type Env, toAppConfig, type Upstream } from '../config.ts';
import { createAnswerer } from '../create-answerer.ts';
import { toTokenVerifier } from '../mcp/token-verifier.ts';
import { answerMetrics, serveMetrics } from '../observability/metrics-server.ts';
import { createEdgeMetrics } from '../observability/metrics.ts';
import { createRequestLog } from '../observability/request-log.ts';
import { type StaticFiles, toStaticFiles } from '../static/static-files.ts';
import { type Listening, listen } from './listen.ts';
import { createNodeDoor } from './node-door.ts';
import type { NoteNodeRequest } from './node-request.ts';
import { readDist } from './read-dist.ts';
import { type NodeFeedback, startNodeFeedback } from './node-feedback.ts';
import { createUpstreamPool, type UpstreamDispatch } from './upstream-pool.ts';

/** What the Node door serves besides its configuration. */
export interface NodeHandlerDeps {
  /** The dist files, held in memory (toStaticFiles over proxy/node/read-dist.ts). */
  files: StaticFiles;
  /** The keep-alive pool to the upstream (proxy/node/upstream-pool.ts). */
  dispatch: UpstreamDispatch;
  verifyToken?: VerifyAccessToken;
  /** The access log's note (proxy/observability/request-log.ts); none without a log. */
  note?: NoteNodeRequest;
  /** The feedback store, limiter and tally (proxy/node/node-feedback.ts); without them the feedback routes answer 503. */
  feedback?: NodeFeedback['deps'];
}

/** The Node door over files held in memory: the request handler `npm start` and `npm run serve` listen with. */
export function createNodeHandler(config: AppConfig, deps: NodeHandlerDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const answer = createAnswerer(config, {
    files: deps.files,
    verifyToken: deps.verifyToken,
    filesInMemory: true,
    feedback: deps.feedback,
  });
  return createNodeDoor(config, answer, { dispatch: deps.dispatch, note: deps.note ?? (() => {}) });
}

/** A running edge server: the public listener, and where its metrics are when they are served apart. */
export interface NodeDoor extends Listening {
  metricsUrl?: string;
  logger: Logger;
}

/**
 * Serves the dist folder WARDEN_OUT_DIR and its facts through the Node door (proxy/node/node-door.ts): the routes over
 * the files held in memory, MCP requests over one keep-alive pool to the upstream, tokens checked against the
 * remote JWKS; logs each request (LOG_LEVEL), counts it (METRICS_PORT), and listens on HOST:PORT.
 */
export async function startNodeDoor(env: Env, facts: BuildFacts, upstream: Upstream, options: { logger?: Logger } = {}): Promise<NodeDoor> {
  const config = toAppConfig(env, facts, upstream);
  const logger = options.logger ?? createLogger({ level: env.LOG_LEVEL, service: 'edge' });
  const metrics = env.METRICS_PORT === 'off' ? undefined : createEdgeMetrics();
  const requestLog = createRequestLog(logger, metrics);
  const pool = createUpstreamPool({ timeoutMs: env.UPSTREAM_TIMEOUT_MS });
  // jose's remote JWK Set caches keys and refetches on an unknown `kid`: key rotation without restarts.
  const getKey = upstream.jwksUrl ? createRemoteJWKSet(new URL(upstream.jwksUrl)) : undefined;
  const files = toStaticFiles(readDist(resolve(env.WARDEN_OUT_DIR)));
  const feedback = await startNodeFeedback(config, facts, {
    dir: resolve(env.FEEDBACK_DATA_DIR),
    busyTimeoutMs: env.FEEDBACK_BUSY_TIMEOUT_MS,
    logger,
  });
  const door = createNodeHandler(config, {
    files,
    dispatch: pool.dispatch,
    verifyToken: toTokenVerifier(config, { getKey }),
    note: requestLog.note,
    feedback: feedback.deps,
  });
  // Metrics stay off the public port unless METRICS_PORT names it.
  const shared = metrics && env.PORT !== 0 && env.METRICS_PORT === env.PORT;
  const listening = await listen(door, env.HOST, env.PORT, {
    onRequest: requestLog.onRequest,
    onClientError: requestLog.onClientError,
    intercept: shared ? (req, res) => answerMetrics(metrics, req, res) : undefined,
  }).catch(async (error) => {
    await feedback.close();
    throw error;
  });
  const apart =
    metrics && !shared
      ? await serveMetrics(metrics, env.METRICS_HOST, env.METRICS_PORT as number).catch(async (error) => {
          await listening.close();
          await feedback.close();
          throw error;
        })
      : undefined;
  return {
    ...listening,
    logger,
    metricsUrl: shared ? `${listening.url}/metrics` : apart?.url,
    close: async () => {
      await listening.close();
      await apart?.close();
      await pool.close();
      await feedback.close();
      logger.flush();
    },
  };
}
