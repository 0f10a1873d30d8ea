import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { toRequestId } from '../../runtime/http/request-id.ts';
import { watchExchange } from '../../runtime/node/exchange.ts';

/**
 * One access log line per request, with the id the edge passed on (X-Request-Id, else a traceparent's trace id),
 * so a request can be followed from the edge's log into this one. Never a header value, query string or body.
 */
export function logSandboxRequest(logger: Logger, req: IncomingMessage, res: ServerResponse): void {
  const header = (name: string) => {
    const value = req.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const ids = new Headers();
  for (const name of ['x-request-id', 'traceparent']) {
    const value = header(name);
    if (value) ids.set(name, value);
  }
  const reqId = toRequestId(ids);
  watchExchange(req, res, (exchange) => {
    if (exchange.status >= 500) logger.error({ req_id: reqId, ...exchange }, 'request failed');
    else if (logger.isLevelEnabled('info')) logger.info({ req_id: reqId, ...exchange }, 'request');
  });
}
