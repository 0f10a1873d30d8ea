import { stemmer } from 'stemmer';
import { STOP_WORDS } from './stop-words.ts';

/**
 * A word of the text: letters and digits, joined by single connectors into one identifier (`tools/call`, `get_run`,
 * `WWW-Authenticate`, `warden:access`, `2026-07-28`). The connectors are not letters or digits, so the pattern
 * cannot backtrack: its time is linear in the text.
 */
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’._\-/:@][\p{L}\p{M}\p{N}]+)*/gu;
const CONNECTORS = /[._\-/:@]+/;
/** `searchDocs` → `search Docs`, `HTTPError` → `HTTP Error`: camel case is an identifier's parts too. */
const CAMEL_LOWER_UPPER = /(\p{Ll})(\p{Lu})/gu;
const CAMEL_UPPER_WORD = /(\p{Lu})(\p{Lu}\p{Ll})/gu;
/** Only plain lower-case Latin words go through the English stemmer; the rest (numbers, other scripts) stay as they are. */
const STEMMABLE = /^[a-z]+$/;

/** Longest term kept: past this a "word" is an address, a key or noise, and keeping it whole helps no question. */
export const MAX_TERM_LENGTH = 64;
/** Parts of one identifier read at most: real ones have a handful; the rest of a longer one is noise. */
const MAX_PARTS = 16;
/** Longest word the stemmer is given (English words are shorter; the stemmer's own patterns then stay cheap). */
const MAX_STEM_LENGTH = 32;

/** How a term came from its word: a plain word, an identifier kept whole, or one part of an identifier. */
export type TermKind = 'word' | 'whole' | 'part';

/** One term of a word. */
export interface Term {
  term: string;
  kind: TermKind;
}

/** A plain word's term: lower case, without stop words and one-letter words, stemmed (Porter). */
function toWordTerm(part: string): string | undefined {
  const word = part.toLowerCase();
  if (word.length < 2 || STOP_WORDS.has(word)) return undefined;
  return word.length <= MAX_STEM_LENGTH && STEMMABLE.test(word) ? stemmer(word) : word;
}

/**
 * The terms of one word: an identifier gives itself whole (lower case, not stemmed, so `get_run` matches only
 * `get_run`) and each of its parts as plain words (so "get run" finds it too); a plain word gives its stem.
 */
export function toWordTerms(raw: string): Term[] {
  const word = raw
    .normalize('NFKC')
    .replace(/['’]s$/i, '')
    .replace(/['’]/g, '');
  const pieces = word.split(CONNECTORS).filter(Boolean);
  const parts = pieces
    .slice(0, MAX_PARTS)
    .flatMap((p) => p.replace(CAMEL_LOWER_UPPER, '$1 $2').replace(CAMEL_UPPER_WORD, '$1 $2').split(' '))
    .slice(0, MAX_PARTS);
  if (parts.length === 1) {
    const term = toWordTerm(parts[0]!);
    return term && term.length <= MAX_TERM_LENGTH ? [{ term, kind: 'word' }] : [];
  }
  const terms: Term[] = [];
  const whole = word.toLowerCase();
  if (whole.length <= MAX_TERM_LENGTH) terms.push({ term: whole, kind: 'whole' });
  for (const part of parts) {
    const term = toWordTerm(part);
    if (term && term.length <= MAX_TERM_LENGTH) terms.push({ term, kind: 'part' });
  }
  return terms;
}

/** One word of a text where it stands, with its terms. */
export interface Token {
  start: number;
  end: number;
  terms: Term[];
}

/** Every word of a text with its offsets and terms, in order; at most `limit` words are read. */
export function toTokens(text: string, limit = Number.POSITIVE_INFINITY, wordTerms: (word: string) => Term[] = toWordTerms): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    if (tokens.length >= limit) break;
    const terms = wordTerms(match[0]);
    if (terms.length) tokens.push({ start: match.index, end: match.index + match[0].length, terms });
  }
  return tokens;
}

/** Every term of a text, repeated as often as it occurs: what the index counts. */
export function toTerms(text: string, wordTerms: (word: string) => Term[] = toWordTerms): string[] {
  return toTokens(text, Number.POSITIVE_INFINITY, wordTerms).flatMap((t) => t.terms.map((x) => x.term));
}

/**
 * toWordTerms with each distinct word worked out once, for text the site wrote (the build, snippets): it repeats a few
 * thousand words millions of times, and stemming is most of a word's cost. Past `size` distinct words the memory is
 * cleared, so it stays bounded whatever it reads; a query is read without it.
 */
export function createWordTerms(size = 100_000): (word: string) => Term[] {
  const known = new Map<string, Term[]>();
  return (word) => {
    let terms = known.get(word);
    if (!terms) {
      if (known.size >= size) known.clear();
      terms = toWordTerms(word);
      known.set(word, terms);
    }
    return terms;
  };
}
