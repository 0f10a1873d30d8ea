// The docs search as a function of the page: the same ranking and results as GET /api/search, which it asks.
import { PATHS } from '../../../facts/paths.ts';
import type { SearchAnswerJson } from '../../../runtime/search/format-results.ts';

export interface SearchOptions {
  /** Results, 1 to 20 (the API's default when absent). */
  limit?: number;
  /** Only pages under this docs folder, such as /docs/tools. */
  section?: string;
  signal?: AbortSignal;
}

/** A search the service refused (its RFC 9457 problem: code, detail and what to do), or could not answer. */
export class SearchRefused extends Error {
  override name = 'SearchRefused';
}

/** Searches the docs for `query`; resolves to the answer of GET /api/search, or rejects with SearchRefused. */
export async function searchDocs(query: string, options: SearchOptions = {}): Promise<SearchAnswerJson> {
  const url = new URL(PATHS.search, location.origin);
  url.searchParams.set('q', query);
  if (options.limit !== undefined) url.searchParams.set('limit', String(options.limit));
  if (options.section !== undefined) url.searchParams.set('section', options.section);
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' }, signal: options.signal });
  } catch {
    throw new SearchRefused(`The docs search at ${url.origin}${PATHS.search} could not be reached from this browser.`);
  }
  const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (response.ok && body) return body as unknown as SearchAnswerJson;
  const problem = body ?? {};
  const said = [problem.code && `${problem.code}:`, problem.detail, problem.resolution].filter(Boolean).join(' ');
  throw new SearchRefused(said || `The docs search answered HTTP ${response.status}.`);
}
