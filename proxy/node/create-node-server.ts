import { resolve } from 'node:path';
import { createRemoteJWKSet } from 'jose';
import type { Logger } from 'pino';
import type { BuildFacts } from '../../facts/build-facts.ts';
import { createLogger } from '../../runtime/node/create-logger.ts';
import { toAppConfig, type Env, type Upstream } from '../config.ts';
import { createApp, toTokenVerifier } from '../create-app.ts';
import { toStaticFiles } from '../static/static-files.ts';
import { createStaticPlanner } from '../static/serve-static.ts';
import { createStaticFastPath } from './static-fast-path.ts';
import { createMcpFastPath } from './mcp-fast-path.ts';
import { createHealthFastPath } from './health-fast-path.ts';
import { createFastPaths } from './fast-paths.ts';
import { listen, type Listening } from './listen.ts';
import { answerMetrics, serveMetrics } from '../observability/metrics-server.ts';
import { createEdgeMetrics } from '../observability/metrics.ts';
import { readDist } from './read-dist.ts';
import { createRequestLog } from '../observability/request-log.ts';
import { createPoolForwarder } from './pool-forwarder.ts';
import { createUpstreamPool } from './upstream-pool.ts';

/** A running edge server: the public listener, and where its metrics are when they are served apart. */
export interface NodeServer extends Listening {
  metricsUrl?: string;
  logger: Logger;
}

/**
 * Builds the app over dist and its facts with Node's forwarder and remote JWKS, logs each request (LOG_LEVEL),
 * counts it (METRICS_PORT), and listens on HOST:PORT. `fastPaths: false` leaves every request to the app (the
 * parity tests compare the two).
 */
export async function startNodeServer(
  env: Env,
  facts: BuildFacts,
  upstream: Upstream,
  options: { logger?: Logger; fastPaths?: boolean } = {},
): Promise<NodeServer> {
  const config = toAppConfig(env, facts, upstream);
  const logger = options.logger ?? createLogger({ level: env.LOG_LEVEL, service: 'edge' });
  const metrics = env.METRICS_PORT === 'off' ? undefined : createEdgeMetrics();
  const requestLog = createRequestLog(logger, metrics);
  // One keep-alive pool to the upstream, for the MCP fast path and the app's forwarder alike.
  const pool = createUpstreamPool({ timeoutMs: env.UPSTREAM_TIMEOUT_MS });
  const forward = createPoolForwarder(pool.dispatch);
  // jose's remote JWK Set caches keys and refetches on an unknown `kid`: key rotation without restarts.
  const getKey = upstream.jwksUrl ? createRemoteJWKSet(new URL(upstream.jwksUrl)) : undefined;
  const files = toStaticFiles(readDist(resolve(env.WARDEN_OUT_DIR)));
  const verifyToken = toTokenVerifier(config, { getKey });
  const app = createApp(config, { files, forward, verifyToken, note: requestLog.noteRequest });
  const planner = createStaticPlanner(config, files);
  // The route table's fast paths (proxy/routes.ts) answer in node:http's terms; the rest goes to the app.
  const mcpFastPath = createMcpFastPath(config, { dispatch: pool.dispatch, verifyToken, note: requestLog.note });
  const healthFastPath = createHealthFastPath(config, requestLog.note);
  // Metrics stay off the public port unless METRICS_PORT names it.
  const shared = metrics && env.PORT !== 0 && env.METRICS_PORT === env.PORT;
  const listening = await listen(app, env.HOST, env.PORT, {
    onRequest: requestLog.onRequest,
    onClientError: requestLog.onClientError,
    createFastPath:
      options.fastPaths === false
        ? undefined
        : (fallback) =>
            createFastPaths({ mcp: mcpFastPath, health: healthFastPath, static: createStaticFastPath(planner, requestLog.note, fallback) }),
    intercept: shared ? (req, res) => answerMetrics(metrics, req, res) : undefined,
  });
  const apart =
    metrics && !shared
      ? await serveMetrics(metrics, env.METRICS_HOST, env.METRICS_PORT as number).catch(async (error) => {
          await listening.close();
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
      logger.flush();
    },
  };
}
