import { createWordTerms, toTokens } from './tokenize.ts';

/** Longest snippet, in characters (UTF-16 code units, so never more code points). */
export const SNIPPET_LENGTH = 300;
/** Words of a section read for its snippet at most; a section is far shorter. */
const MAX_SNIPPET_WORDS = 20_000;
const ELLIPSIS = '…';
/** Snippets read the site's own text, whose words repeat: each word's terms are worked out once per process or isolate. */
const wordTerms = createWordTerms();

/** Moves an offset off the second half of a surrogate pair, so a cut never splits a character. */
function toCharBoundary(text: string, at: number, direction: 1 | -1): number {
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff && at > 0 && at < text.length ? at + direction : at;
}

/**
 * Plain text of at most SNIPPET_LENGTH characters around the part of a section's text where the most (weighted,
 * distinct) query terms are close together; the start of the text when none occurs. "…" marks a cut.
 */
export function toSnippet(text: string, terms: ReadonlyMap<string, number>, length = SNIPPET_LENGTH): string {
  if (text.length <= length) return text;
  const budget = length - 2 * ELLIPSIS.length;
  const matches = toTokens(text, MAX_SNIPPET_WORDS, wordTerms)
    .map((t) => ({ start: t.start, end: t.end, terms: [...new Set(t.terms.map((x) => x.term).filter((x) => terms.has(x)))] }))
    .filter((m) => m.terms.length > 0);
  let from = 0;
  let to = 0;
  if (matches.length > 0) {
    // Two pointers over the matches: the window no wider than the budget whose distinct terms weigh most.
    const counts = new Map<string, number>();
    let weight = 0;
    let left = 0;
    let best = { weight: -1, left: 0, right: 0 };
    matches.forEach((m, right) => {
      for (const t of m.terms) if ((counts.set(t, (counts.get(t) ?? 0) + 1).get(t) ?? 0) === 1) weight += terms.get(t)!;
      while (left < right && m.end - matches[left]!.start > budget) {
        for (const t of matches[left]!.terms) if (counts.set(t, counts.get(t)! - 1).get(t) === 0) weight -= terms.get(t)!;
        left++;
      }
      if (weight > best.weight + 1e-9) best = { weight, left, right };
    });
    from = matches[best.left]!.start;
    to = matches[best.right]!.end;
  }
  // Context on both sides of the matches, more after than before; then cut at spaces.
  const slack = budget - (to - from);
  let start = Math.max(0, from - Math.floor(slack / 3));
  const end = Math.min(text.length, start + budget);
  start = Math.max(0, end - budget);
  let cutStart = start;
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < from) cutStart = space + 1;
  }
  let cutEnd = end;
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > Math.max(to, cutStart)) cutEnd = space;
  }
  cutStart = toCharBoundary(text, cutStart, 1);
  cutEnd = toCharBoundary(text, cutEnd, -1);
  return `${cutStart > 0 ? ELLIPSIS : ''}${text.slice(cutStart, cutEnd).trim()}${cutEnd < text.length ? ELLIPSIS : ''}`;
}
