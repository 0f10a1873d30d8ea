import type { SearchQuery } from './rank-pages.ts';

/**
 * Longest `q`, in characters (code points): a question in a sentence is well under a hundred, and an error message an
 * agent pastes whole (a JSON-RPC error with its detail) fits too; past this it is not a question but a document, and
 * the bound keeps a query's work small whatever is sent. Percent-encoded, 500 characters of any script stay under
 * the 8,000-octet request line RFC 9110 §4.1 recommends servers accept.
 */
export const MAX_QUERY_LENGTH = 500;
/** Results per query: default, and the range `limit` may ask for. */
export const DEFAULT_LIMIT = 5;
export const MAX_LIMIT = 20;
/** Longest `section`. */
const MAX_SECTION_LENGTH = 200;
/** `/docs` or a folder under it, in the characters the build's page paths use. */
const SECTION = /^\/docs(?:\/[a-z0-9][a-z0-9._-]*)*$/;
/** Control characters and every kind of white space: a query is read as one line of words. */
const SPACES = /[\p{Cc}\p{Z}\s]+/gu;

/** The problem codes of a refused search (content/errors.yaml `problems`, status 400). */
export const SEARCH_PROBLEM_CODES = [
  'search_query_missing',
  'search_query_empty',
  'search_query_too_long',
  'search_limit_invalid',
  'search_section_invalid',
] as const;
export type SearchProblemCode = (typeof SEARCH_PROBLEM_CODES)[number];

/** A valid query, or the problem code of the first parameter that is not and a sentence saying why (safe to show). */
export type SearchParamsResult = { ok: true; query: SearchQuery } | { ok: false; code: SearchProblemCode; detail: string };

const refuse = (code: SearchProblemCode, detail: string): SearchParamsResult => ({ ok: false, code, detail });

/**
 * Reads `q`, `limit` and `section` from a request's query string (the first of a repeated parameter, as
 * URLSearchParams.get does). `q` comes back on one line, trimmed; `section` without a trailing slash.
 */
export function toSearchQuery(params: URLSearchParams): SearchParamsResult {
  const raw = params.get('q');
  if (raw === null) return refuse('search_query_missing', 'The q parameter is required: the question or words to search for.');
  // Code points are counted only when the code units could be too many (a string's length is at least its code points).
  if (raw.length > MAX_QUERY_LENGTH && [...raw].length > MAX_QUERY_LENGTH) {
    return refuse('search_query_too_long', `q is longer than ${MAX_QUERY_LENGTH} characters.`);
  }
  const q = raw.replace(SPACES, ' ').trim();
  if (q === '') return refuse('search_query_empty', 'q is empty: send the question or words to search for.');
  const limitText = params.get('limit');
  let limit = DEFAULT_LIMIT;
  if (limitText !== null) {
    limit = /^[0-9]{1,2}$/.test(limitText) ? Number(limitText) : 0;
    if (limit < 1 || limit > MAX_LIMIT) return refuse('search_limit_invalid', `limit must be a whole number from 1 to ${MAX_LIMIT}.`);
  }
  const sectionText = params.get('section');
  if (sectionText === null) return { ok: true, query: { q, limit } };
  const section = sectionText.length > 1 ? sectionText.replace(/\/$/, '') : sectionText;
  if (section.length > MAX_SECTION_LENGTH || !SECTION.test(section)) {
    return refuse('search_section_invalid', 'section must be a docs folder such as /docs/reference.');
  }
  return { ok: true, query: { q, limit, section } };
}
