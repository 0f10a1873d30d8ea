import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { errorsSchema } from '../../../../facts/problem.ts';
import { MAX_LIMIT, MAX_QUERY_LENGTH, SEARCH_PROBLEM_CODES, toSearchQuery } from '../../../../runtime/search/search-params.ts';

const read = (query: string) => toSearchQuery(new URLSearchParams(query));
const codeOf = (query: string) => {
  const result = read(query);
  return result.ok ? 'ok' : result.code;
};

describe('toSearchQuery (GET /api/search parameters)', () => {
  it('reads q, limit and section, with limit 5 and no section by default', () => {
    expect(read('q=warden+mcp')).toEqual({ ok: true, query: { q: 'warden mcp', limit: 5 } });
    expect(read('q=a&limit=20&section=/docs/reference/')).toEqual({ ok: true, query: { q: 'a', limit: 20, section: '/docs/reference' } });
    expect(read('q=a&section=/docs')).toEqual({ ok: true, query: { q: 'a', limit: 5, section: '/docs' } });
  });

  it('puts q on one line: control characters and white space of any kind become one space', () => {
    expect(read('q=%20%20get%0A%0D%09run%00%E2%80%A8x%20')).toEqual({ ok: true, query: { q: 'get run x', limit: 5 } });
  });

  it.each([
    ['', 'search_query_missing'],
    ['limit=3', 'search_query_missing'],
    ['q=', 'search_query_empty'],
    ['q=%20%09%0A', 'search_query_empty'],
    ['q=a×501', 'search_query_too_long'],
    ['q=😀×501', 'search_query_too_long'],
    ['q=a&limit=0', 'search_limit_invalid'],
    [`q=a&limit=${MAX_LIMIT + 1}`, 'search_limit_invalid'],
    ['q=a&limit=', 'search_limit_invalid'],
    ['q=a&limit=5.0', 'search_limit_invalid'],
    ['q=a&limit=-1', 'search_limit_invalid'],
    ['q=a&limit=1e1', 'search_limit_invalid'],
    ['q=a&limit=%EF%BC%95', 'search_limit_invalid'],
    ['q=a&section=reference', 'search_section_invalid'],
    ['q=a&section=/api', 'search_section_invalid'],
    ['q=a&section=/docs/../etc', 'search_section_invalid'],
    ['q=a&section=/docs//x', 'search_section_invalid'],
    ['q=a&section=', 'search_section_invalid'],
    ['q=a&section=/docs/x×300', 'search_section_invalid'],
  ])('%s → %s', (label, code) => {
    // `x×n` in a label stands for n of x.
    const query = label.replace(/(\S)×(\d+)/u, (_, c: string, n: string) => encodeURIComponent(c).repeat(Number(n)));
    expect(codeOf(query)).toBe(code);
  });

  it('counts q in characters, not code units: as many emoji as the limit are fine', () => {
    expect(MAX_QUERY_LENGTH).toBe(500);
    expect(codeOf(`q=${'%F0%9F%98%80'.repeat(MAX_QUERY_LENGTH)}`)).toBe('ok');
  });

  it('says why in a sentence that repeats nothing of the request', () => {
    const result = read('q=a&limit=%3Cscript%3E');
    expect(result).toEqual({ ok: false, code: 'search_limit_invalid', detail: `limit must be a whole number from 1 to ${MAX_LIMIT}.` });
  });

  it('every code is a 400 problem of content/errors.yaml, with its cause and resolution', () => {
    const { problems } = errorsSchema.parse(parse(readFileSync('content/errors.yaml', 'utf8')));
    for (const code of SEARCH_PROBLEM_CODES) expect(problems.find((p) => p.code === code)?.status, code).toBe(400);
    // The bounds the content states are the ones the code holds.
    expect(problems.find((p) => p.code === 'search_query_too_long')?.cause).toContain(`${MAX_QUERY_LENGTH} characters`);
    expect(problems.find((p) => p.code === 'search_limit_invalid')?.cause).toContain(`1 to ${MAX_LIMIT}`);
  });
});
