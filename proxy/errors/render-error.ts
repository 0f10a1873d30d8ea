import { HTTPError } from 'h3';
import { toProblemTypeUrl } from '../../facts/paths.ts';
import type { AppConfig } from '../config.ts';
import type { EdgeRequest } from '../edge-request.ts';
import { toMcpFailureAnswer } from '../mcp/failure-answer.ts';
import { type Answer, type HeaderRecord, toTextAnswer } from '../plan/plan.ts';
import { isMcpRoute, type RouteKind } from '../routes.ts';
import type { ErrorData } from './http-errors.ts';
import { toFailureCause } from './failure-cause.ts';

/** The headers an HTTPError carries (an Allow, say), as a record. */
function toErrorHeaders(error: HTTPError): HeaderRecord {
  const headers: HeaderRecord = {};
  new Headers(error.headers).forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
}

/** The RFC 9457 problem document for an error on `/api/*` (contract PROBLEM-1; codes from content/errors.yaml). */
export function toProblemAnswer(config: AppConfig, error: HTTPError | undefined, instance: string): Answer {
  const data = (error && !error.unhandled ? (error.data ?? {}) : {}) as ErrorData;
  const status = error && !error.unhandled ? error.status : 500;
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
    ...(data.field === undefined ? {} : { field: data.field }),
  };
  const headers = error ? toErrorHeaders(error) : {};
  return toTextAnswer(entry.status, 'application/problem+json', JSON.stringify(body), { ...headers, 'cache-control': 'no-store' });
}

/**
 * The one error envelope, by the route table's kind (proxy/routes.ts): JSON-RPC on the MCP paths (as an endpoint
 * answers any refusal: proxy/mcp/failure-answer.ts), RFC 9457 problems on `/api/*` (health and search too), plain text elsewhere. A failure
 * inside (anything but an HTTPError) is a 500 whose cause goes to the operator's log, never to the client.
 */
export function toErrorAnswer(config: AppConfig, kind: RouteKind, error: unknown, request: EdgeRequest): Answer {
  if (isMcpRoute(kind)) return toMcpFailureAnswer(config, error, request.headers.get('origin'), request.note);
  const known = error instanceof HTTPError && !error.unhandled ? error : undefined;
  if (!known || known.status >= 500)
    request.note({ cause: toFailureCause(error instanceof HTTPError ? (error.cause ?? error.message) : error) });
  if (kind === 'api' || kind === 'health' || kind === 'search' || kind === 'feedback') return toProblemAnswer(config, known, request.path);
  const status = known?.status ?? 500;
  const text = status >= 500 ? 'Internal Server Error' : known!.message;
  const headers = known ? toErrorHeaders(known) : {};
  return toTextAnswer(status, 'text/plain; charset=utf-8', `${status} ${text}\n`, { ...headers, 'cache-control': 'no-store' });
}
