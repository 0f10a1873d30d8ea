import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { watchExchange, type Exchange } from '../../runtime/node/exchange.ts';
import type { Observe, RequestFacts } from '../observe.ts';
import type { ClientError } from './client-error.ts';
import type { EdgeMetrics } from './metrics.ts';

/** The IncomingMessage behind a request the app saw (srvx's Node request carries it as `runtime.node.req`). */
function toNodeRequest(request: Request): IncomingMessage | undefined {
  return (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
}

/**
 * Where a request's facts are kept: on the request itself, under a key of this module. A WeakMap with a new key per
 * request made every young-generation collection work through its ephemeron table (seen in CPU profiles under load).
 */
const FACTS = Symbol('request facts');
type Noted = IncomingMessage & { [FACTS]?: RequestFacts };

/** One access log line: the exchange and what the app reported, flat, never a header value, query or body. */
export function toAccessLine(exchange: Exchange, facts: RequestFacts): Record<string, unknown> {
  const { upstream } = facts;
  return {
    req_id: facts.requestId,
    ...exchange,
    variant: facts.variant,
    mcp_method: facts.mcpMethod,
    tool: facts.tool,
    token: facts.token,
    upstream: upstream?.address,
    upstream_status: upstream?.status,
    upstream_ms: upstream?.ms,
    cause: facts.cause ?? upstream?.error,
  };
}

/**
 * The edge's access log and metrics: one line per request when its response is over (`info`, or `error` with the
 * cause for a 5xx), from the exchange node:http saw and the facts the app reported through `observe`.
 */
export function createRequestLog(logger: Logger, metrics?: EdgeMetrics) {
  /** What a Node fast path learned about a request it answered itself. */
  const note = (req: IncomingMessage, learned: RequestFacts) => {
    const known = (req as Noted)[FACTS];
    if (known) Object.assign(known, learned);
  };
  const observe: Observe = (request, learned) => {
    const req = toNodeRequest(request);
    if (req) note(req, learned);
  };
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const known: RequestFacts = {};
    (req as Noted)[FACTS] = known;
    watchExchange(req, res, (exchange) => {
      metrics?.record(exchange, known);
      if (exchange.status >= 500) logger.error(toAccessLine(exchange, known), 'request failed');
      else if (logger.isLevelEnabled('info')) logger.info(toAccessLine(exchange, known), 'request');
    });
  };
  const onClientError = (status: number, error: ClientError) => {
    metrics?.recordClientError(status);
    logger.info({ status, cause: error.code }, 'malformed request refused');
  };
  return { observe, note, onRequest, onClientError };
}
