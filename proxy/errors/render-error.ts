import type { H3Event, HTTPError } from 'h3';
import { MCP_PATHS, PATHS, toProblemTypeUrl } from '../../src/lib/paths.ts';
import type { AppConfig } from '../config.ts';
import type { ErrorData } from './http-errors.ts';

// JSON-RPC 2.0 §5.1 reserves -32603 for internal errors; the server never says more than that.
const INTERNAL_RPC = { code: -32603, message: 'Internal error' };

function withHeaders(error: HTTPError, type: string): Headers {
  const headers = new Headers(error.headers);
  headers.set('content-type', type);
  headers.set('cache-control', 'no-store');
  return headers;
}

/** The JSON-RPC error body for an error on an MCP path (JSON-RPC 2.0 §5.1; codes from content/errors.yaml). */
export function toRpcErrorResponse(config: AppConfig, error: HTTPError): Response {
  const data = (error.unhandled ? {} : (error.data ?? {})) as ErrorData;
  const status = error.unhandled ? 500 : error.status;
  const entry =
    config.errors.jsonrpc.find((e) => e.code === data.rpcCode) ??
    config.errors.jsonrpc.find((e) => e.http_status === status && e.code <= -31000 && e.code > -32000);
  const rpcError = entry
    ? { code: entry.code, message: entry.message, data: { detail: data.detail ?? entry.cause, resolution: entry.resolution } }
    : INTERNAL_RPC;
  const body = { jsonrpc: '2.0', id: data.rpcId ?? null, error: rpcError };
  return new Response(JSON.stringify(body), { status, headers: withHeaders(error, 'application/json') });
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
  return new Response(JSON.stringify(body), {
    status: entry.status,
    headers: withHeaders(error, 'application/problem+json'),
  });
}

const safeDecode = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** The one `onError` renderer (DESIGN style rule 6): JSON-RPC on MCP paths, problems on `/api/*`, plain text elsewhere. */
export function createErrorRenderer(config: AppConfig): (error: HTTPError, event: H3Event) => Response {
  return (error, event) => {
    const path = event.url.pathname;
    // Routing matches /mcp/ and percent-encoded spellings too; render them as the MCP endpoint they reached.
    if (MCP_PATHS.includes(safeDecode(path).replace(/\/+$/, ''))) return toRpcErrorResponse(config, error);
    if (path.startsWith(PATHS.apiPrefix)) return toProblemResponse(config, error, path);
    const status = error.unhandled ? 500 : error.status;
    const text = status >= 500 ? 'Internal Server Error' : error.message;
    return new Response(`${status} ${text}\n`, { status, headers: withHeaders(error, 'text/plain; charset=utf-8') });
  };
}
