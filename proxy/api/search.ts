import { SHORT } from '../../runtime/http/cache-control.ts';
import { rankPages } from '../../runtime/search/rank-pages.ts';
import { toSearchQuery } from '../../runtime/search/search-params.ts';
import { toSearchJson, toSearchMarkdown } from '../../runtime/search/format-results.ts';
import { MARKDOWN_TYPE } from '../../facts/content-types.ts';
import type { AppConfig } from '../config.ts';
import type { EdgeRequest } from '../edge-request.ts';
import type { Tally } from '../../runtime/feedback/tally.ts';
import { toQuestionKey } from '../../runtime/feedback/gap-keys.ts';
import { toDay } from '../../runtime/feedback/client-key.ts';
import { createProblemError } from '../errors/http-errors.ts';
import { type Answer, toTextAnswer } from '../plan/plan.ts';
import { DOCUMENT_METHODS, toDocumentOptions } from '../static/document-options.ts';
import { toVariant } from '../static/negotiate.ts';
import { toMarkdownTokens } from '../static/static-files.ts';
import type { GetSearchIndex } from './search-index.ts';

/**
 * `GET /api/search?q=…`: the docs' pages and sections that answer a question (runtime/search), from the index the
 * build wrote beside the site (proxy/api/search-index.ts: loaded once, shared with the docs MCP server). JSON by
 * default, a numbered markdown list when Accept asks for markdown (contract NEGOTIATE-1's rule for pages), both with
 * `Vary: Accept` and the documents' short cache policy. A bad `q`, `limit` or `section` is a 400 problem
 * with its own code; a query that matches nothing is 200 with no results, and a gap counted for the authors.
 */
export function createSearchRoute(
  config: AppConfig,
  load: GetSearchIndex,
  options: { tally?: Tally; now?: () => number } = {},
): (request: EdgeRequest) => Promise<Answer> {
  const now = options.now ?? Date.now;
  return async (request) => {
    if (request.method === 'OPTIONS') return toDocumentOptions(request.headers.get('access-control-request-method') !== null);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw createProblemError(config.errors, 'method_not_allowed', { headers: { allow: DOCUMENT_METHODS } });
    }
    const parsed = toSearchQuery(new URLSearchParams(request.query));
    if (!parsed.ok) throw createProblemError(config.errors, parsed.code, { detail: parsed.detail });
    const { query } = parsed;
    const hits = await rankPages(await load(), query);
    // A question the docs could not answer is a gap the authors should see (counted in memory, written in batches).
    if (hits.length === 0) options.tally?.countGap('question', toQuestionKey(query.q), toDay(now()));
    const headers = { vary: 'Accept', 'cache-control': SHORT };
    if (toVariant(request.headers.get('accept')) !== 'markdown') {
      return toTextAnswer(200, 'application/json', JSON.stringify(toSearchJson(query.q, hits, config.baseUrl)), headers);
    }
    const answer = toTextAnswer(200, MARKDOWN_TYPE, toSearchMarkdown(query.q, hits, config.baseUrl), headers);
    const tokens = toMarkdownTokens(MARKDOWN_TYPE, (answer.body as Uint8Array).byteLength);
    if (tokens !== undefined) answer.headers['x-markdown-tokens'] = String(tokens);
    return answer;
  };
}
