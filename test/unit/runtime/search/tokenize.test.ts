import { describe, expect, it } from 'vitest';
import { MAX_TERM_LENGTH, toTerms, toTokens, toWordTerms } from '../../../../runtime/search/tokenize.ts';
import { MAX_QUERY_TERMS, toQueryTerms } from '../../../../runtime/search/query-terms.ts';

const terms = (text: string) => toTerms(text);

describe('the search tokenizer (build and query alike)', () => {
  it.each([
    ['tools/call', ['tools/call', 'tool', 'call']],
    ['get_run', ['get_run', 'get', 'run']],
    ['WWW-Authenticate', ['www-authenticate', 'www', 'authent']],
    ['warden:access', ['warden:access', 'warden', 'access']],
    ['searchDocs', ['searchdocs', 'search', 'doc']],
    ['HTTPError', ['httperror', 'http', 'error']],
  ])('keeps the identifier %s whole and matchable by its parts', (word, expected) => {
    expect(toWordTerms(word).map((t) => t.term)).toEqual(expected);
  });

  it('reads an error code without its sign, so -31401 and 31401 are the same question', () => {
    expect(terms('what does -31401 mean')).toEqual(['31401', 'mean']);
    expect(terms('31401')).toEqual(['31401']);
  });

  it('stems English words (Porter) and drops stop words and one-letter words', () => {
    expect(terms('How do I get tokens for the CI jobs?')).toEqual(['get', 'token', 'ci', 'job']);
    expect(terms('authentication authenticates authenticated')).toEqual(['authent', 'authent', 'authent']);
  });

  it('keeps negations, which change the answer', () => {
    expect(terms('no API keys without a browser')).toEqual(['no', 'api', 'kei', 'without', 'browser']);
  });

  it("reads a possessive or a typographic apostrophe as the word (Warden's, Warden’s)", () => {
    expect(terms("Warden's Warden’s")).toEqual(['warden', 'warden']);
  });

  it('cuts a sentence at its punctuation, not inside an identifier (a trailing dot or colon is not a connector)', () => {
    expect(terms('Run warden mcp. Then: tools/list.')).toEqual(['run', 'warden', 'mcp', 'tools/list', 'tool', 'list']);
  });

  it('reads letters of any script, lower-cased and NFKC-normalised; other characters separate words', () => {
    expect(terms('Ｆｕｌｌｗｉｄｔｈ Größe 東京')).toEqual(['fullwidth', 'größe', '東京']);
    expect(terms('\u0000\u0007<script>alert(1)</script>')).toEqual(['script', 'alert', 'script']);
  });

  it('gives offsets of every word in the text as written, for snippets', () => {
    const text = 'Call `get_run` now';
    expect(toTokens(text).map((t) => text.slice(t.start, t.end))).toEqual(['Call', 'get_run', 'now']);
  });

  it('keeps no term longer than MAX_TERM_LENGTH (a long identifier still gives its parts)', () => {
    const long = Array.from({ length: 20 }, (_, i) => `part${i}`).join('-');
    expect(toWordTerms(long).every((t) => t.term.length <= MAX_TERM_LENGTH)).toBe(true);
    expect(toWordTerms(long).map((t) => t.term)).toContain('part7');
    expect(terms('x'.repeat(10_000))).toEqual([]);
  });

  it('reads a megabyte of connectors and letters in one pass (the word pattern cannot backtrack)', () => {
    // Every other character a connector: the worst case for a pattern that could try each split.
    const hostile = 'ab-'.repeat(300_000);
    const [token, ...rest] = toTokens(hostile);
    expect(rest).toEqual([]);
    expect(token!.terms.length).toBeLessThanOrEqual(16);
    expect(toTokens(`${'/'.repeat(1_000_000)}x`)).toHaveLength(0);
  });
});

describe('query terms', () => {
  it('weighs an identifier whole at 1 and its parts at half, each term once', () => {
    expect([...toQueryTerms('get_run get_run run')]).toEqual([
      ['get_run', 1],
      ['get', 0.5],
      ['run', 1],
    ]);
  });

  it(`scores at most ${MAX_QUERY_TERMS} distinct terms, whatever the query`, () => {
    const q = Array.from({ length: 500 }, (_, i) => `word${i}`).join(' ');
    expect(toQueryTerms(q).size).toBe(MAX_QUERY_TERMS);
  });

  it('has no terms for a query of stop words, punctuation or regular-expression syntax', () => {
    expect(toQueryTerms('how do I ... ?').size).toBe(0);
    expect(toQueryTerms(['.*+?^', '$', '{}()|[]\\'].join('')).size).toBe(0);
    expect([...toQueryTerms('(a+)+$ [^x]*').keys()]).toEqual([]);
  });
});
