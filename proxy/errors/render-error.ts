import type { H3Event, HTTPError } from 'h3';
import { toProblemTypeUrl } from '../../facts/paths.ts';
import { toRoute } from '../routes.ts';
import type { AppConfig } from '../config.ts';
import type { ErrorData } from './http-errors.ts';
import { toMcpFailureResponse } from '../mcp/failure-answer.ts';
import type { NoteRequest } from '../observability/request-facts.ts';
import { toFailureCause } from './failure-cause.ts';

function withHeaders(error: HTTPError, type: string): Headers {
  const headers = new Headers(error.headers);
  headers.set('content-type', type);
  headers.set('cache-control', 'no-store');
  return headers;
}

/** The RFC 9457 problem document for an error on `/api/*` (contract §7.1; codes from content/errors.yaml). */
export function toProblemResponse(config: AppConfig, error: HTTPError, instance: string): Response {
  const data = (error.unhandled ? {} : (error.data ?? {})) as ErrorData;
  const status = error.unhandled ? 500 : error.status;
  const problems = config.errors.problems;
  const entry =
    problems.find((p) => p.code === data.problemCode) ??
    problems.find((p) => p.status === status) ??
    problems.find((p) => p.code === 'internal_error')!;
  const body = {
    type: toProblemTypeUrl(config.baseUrl, entry.code),
    title: entry.title,
    status: entry.status,
    code: entry.code,
    detail: data.detail ?? entry.cause,
    instance,
    resolution: entry.resolution,
  };
  return new Response(JSON.stringify(body), { status: entry.status, headers: withHeaders(error, 'application/problem+json') });
}

/** The one `onError` renderer: JSON-RPC on MCP paths, problems on `/api/*`, plain text elsewhere. */
export function createErrorRenderer(config: AppConfig, note?: NoteRequest): (error: HTTPError, event: H3Event) => Response {
  const render = (error: HTTPError, event: H3Event): Response => {
    const path = event.url.pathname;
    const kind = toRoute(path).kind;
    if (kind === 'api' || kind === 'health') return toProblemResponse(config, error, path);
    const status = error.unhandled ? 500 : error.status;
    const text = status >= 500 ? 'Internal Server Error' : error.message;
    return new Response(`${status} ${text}\n`, { status, headers: withHeaders(error, 'text/plain; charset=utf-8') });
  };
  return (error, event) => {
    // The route table says which envelope a path's errors take. What reaches here on an MCP path failed inside the
    // handler: answered as the handler and the Node fast path answer a failure (proxy/mcp/failure-answer.ts).
    if (toRoute(event.url.pathname).kind === 'mcp') {
      return toMcpFailureResponse(config, error.cause ?? error, event.req.headers.get('origin'), (facts) => note?.(event.req, facts));
    }
    // The cause goes to the operator's log, never to the client.
    if (error.unhandled || error.status >= 500) note?.(event.req, { cause: toFailureCause(error.cause ?? error.message) });
    return render(error, event);
  };
}
