import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SNIPPET_LENGTH, toSnippet } from '../../../../runtime/search/snippet.ts';
import { toQueryTerms } from '../../../../runtime/search/query-terms.ts';

const filler = (n: number) => Array.from({ length: n }, (_, i) => `filler${i}`).join(' ');

describe('toSnippet', () => {
  it('returns a short text whole', () => {
    expect(toSnippet('A short section.', toQueryTerms('section'))).toBe('A short section.');
  });

  it('cuts around the place where most of the query is, at spaces, marking the cuts', () => {
    const text = `${filler(100)} Access tokens are renewed before they expire by warden mcp. ${filler(100)}`;
    const snippet = toSnippet(text, toQueryTerms('warden mcp renews tokens'));
    expect(snippet).toContain('Access tokens are renewed before they expire by warden mcp.');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH);
    expect(snippet.slice(1, -1)).toMatch(/^filler\d+ .* filler\d+$/);
  });

  it('prefers a window holding different query terms to one repeating a single term', () => {
    const text = `${'token '.repeat(60)}${filler(80)} the token of a workload client ${filler(80)}`;
    expect(toSnippet(text, toQueryTerms('workload token'))).toContain('the token of a workload client');
  });

  it('starts at the beginning when no term occurs', () => {
    expect(toSnippet(filler(200), toQueryTerms('absent'))).toMatch(/^filler0 filler1 .*…$/);
  });

  it('is at most SNIPPET_LENGTH characters and never splits a character, for any text and query', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 2000 }), fc.string({ maxLength: 40 }), (text, q) => {
        const snippet = toSnippet(text, toQueryTerms(q));
        expect(snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH);
        expect(snippet).toBe(snippet.toWellFormed());
      }),
      { numRuns: 300 },
    );
  });
});
