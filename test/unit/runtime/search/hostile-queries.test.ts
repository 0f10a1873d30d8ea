import { describe, expect, it } from 'vitest';
import { rankPages } from '../../../../runtime/search/rank-pages.ts';
import { SNIPPET_LENGTH } from '../../../../runtime/search/snippet.ts';
import { MAX_QUERY_LENGTH } from '../../../../runtime/search/search-params.ts';
import { createIndex } from '../../../helpers/search-fixture.ts';

// What a query may hold once toSearchQuery has let it through (at most MAX_QUERY_LENGTH characters, on one line).
describe('rankPages on hostile queries', () => {
  it.each([
    ['binary', String.fromCharCode(...Array.from({ length: MAX_QUERY_LENGTH }, (_, i) => i % 256))],
    ['percent-encoded', '%2F%2e%2e%2Fetc%2Fpasswd%00'.repeat(18)],
    ['Unicode-heavy', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 Z̷̢͔a̶l̵g̸o̴ 東京 ﷽ '.repeat(15)],
    ['regular-expression syntax', '(a+)+$ .*.*.*=.* [^\\]]* \\1 (?=x) {1000000}'.repeat(8)],
    ['one long word', 'a'.repeat(MAX_QUERY_LENGTH)],
    ['many words', Array.from({ length: 250 }, (_, i) => `w${i}`).join(' ')],
  ])('answers a hostile query (%s) with results or none, never an error', async (_kind, q) => {
    const { index } = await createIndex();
    const hits = await rankPages(index, { q, limit: 20 });
    expect(Array.isArray(hits)).toBe(true);
    for (const hit of hits) expect(hit.snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH);
  });
});
