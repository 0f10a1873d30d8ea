import { toSearchJson } from '../../runtime/search/format-results.ts';
import { rankPages } from '../../runtime/search/rank-pages.ts';
import { toSearchQuery } from '../../runtime/search/search-params.ts';
import { type DocsToolHandler, toErrorResult } from './docs-tool.ts';

/**
 * `search_docs`: GET /api/search's JSON answer for the same `q`, `limit` and `section` (the same checks, index,
 * ranking and result objects), as `structuredContent` and as JSON text, as the pages' WebMCP tool answers. A value
 * the endpoint refuses with a 400 is an error result with the problem's code and detail.
 */
export const searchDocsTool: DocsToolHandler = async (args, { index, baseUrl }) => {
  const params = new URLSearchParams();
  for (const name of ['q', 'limit', 'section']) if (args[name] !== undefined) params.set(name, String(args[name]));
  const parsed = toSearchQuery(params);
  if (!parsed.ok) return toErrorResult(`${parsed.code}: ${parsed.detail}`);
  const answer = toSearchJson(parsed.query.q, await rankPages(await index(), parsed.query), baseUrl);
  return { content: [{ type: 'text', text: JSON.stringify(answer) }], structuredContent: { ...answer } };
};
