import { PATHS, toUrl } from '../../facts/paths.ts';
import type { AppConfig } from '../config.ts';
import type { EdgeRequest } from '../edge-request.ts';
import { createProblemError } from '../errors/http-errors.ts';
import { type Answer, toTextAnswer } from '../plan/plan.ts';
import { DOCUMENT_METHODS, toDocumentOptions } from '../static/document-options.ts';

/** The health document (contract HEALTH-1), computed once from configuration. */
export function toHealthDocument(config: AppConfig): Record<string, string> {
  return {
    status: 'ok',
    product: config.product,
    docs: config.docsUrl,
    openapi: toUrl(config.baseUrl, PATHS.openapi),
    mcp: toUrl(config.appUrl, PATHS.mcp),
  };
}

/** The health answer, computed once: JSON, never cached; HEAD gets GET's fields, the length included (RFC 9110 §9.3.2). */
export function toHealthAnswer(config: AppConfig): Answer {
  return toTextAnswer(200, 'application/json', JSON.stringify(toHealthDocument(config)), { 'cache-control': 'no-store' });
}

/**
 * Both health paths answer the same document (contract VERSION-1: the v1 path is an alias); OPTIONS says which methods
 * they take and answers a CORS preflight; any other method is a 405 problem.
 */
export function createHealthRoute(config: AppConfig): (request: EdgeRequest) => Answer {
  const answer = toHealthAnswer(config);
  return (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return answer;
    if (request.method === 'OPTIONS') return toDocumentOptions(request.headers.get('access-control-request-method') !== null);
    throw createProblemError(config.errors, 'method_not_allowed', { headers: { allow: DOCUMENT_METHODS } });
  };
}
