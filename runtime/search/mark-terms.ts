import { toQueryTerms } from './query-terms.ts';
import { toTokens } from './tokenize.ts';

/** A run of text, marked when it is a word the query matched. */
export interface MarkedPart {
  text: string;
  mark: boolean;
}

/**
 * A result's text cut into runs, the words whose terms the query holds marked: the same tokenizer reads the text and
 * the query as the ranking did, so "tokens" is marked for a query of "token" and `get_run` for "get run".
 */
export function toMarkedParts(text: string, q: string): MarkedPart[] {
  const terms = toQueryTerms(q);
  const parts: MarkedPart[] = [];
  let at = 0;
  for (const token of toTokens(text)) {
    if (!token.terms.some((t) => terms.has(t.term))) continue;
    if (token.start > at) parts.push({ text: text.slice(at, token.start), mark: false });
    parts.push({ text: text.slice(token.start, token.end), mark: true });
    at = token.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}
