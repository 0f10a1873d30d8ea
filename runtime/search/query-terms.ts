import { toTokens } from './tokenize.ts';

/** Words of a query read at most: a sentence is a few dozen; past this the rest is not a question. */
export const MAX_QUERY_WORDS = 64;
/** Distinct terms of a query scored at most: each costs one pass over its postings. */
export const MAX_QUERY_TERMS = 32;

/** Weight of a term that is one part of an identifier in the query (`get` of `get_run`), next to 1 for the whole and for plain words. */
export const PART_WEIGHT = 0.5;

/** The distinct terms of a query, with their weights, in the order they first occur; bounded by MAX_QUERY_WORDS and MAX_QUERY_TERMS. */
export function toQueryTerms(q: string): Map<string, number> {
  const terms = new Map<string, number>();
  for (const token of toTokens(q, MAX_QUERY_WORDS)) {
    for (const { term, kind } of token.terms) {
      const weight = kind === 'part' ? PART_WEIGHT : 1;
      if (terms.has(term)) terms.set(term, Math.max(terms.get(term)!, weight));
      else if (terms.size < MAX_QUERY_TERMS) terms.set(term, weight);
    }
  }
  return terms;
}
