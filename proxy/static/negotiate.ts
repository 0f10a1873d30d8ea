import { parseAccept, toQuality } from '../../runtime/http/accept.ts';
import { remembered } from '../../runtime/http/remembered.ts';

/** The two representations of a page (contract §4.3). */
export type Variant = 'html' | 'markdown';

/**
 * Chooses the variant of a negotiable page (contract §4.3; RFC 9110 §12.5.1):
 * markdown when `text/markdown` or `text/x-markdown` is listed with q ≥ the best HTML q (so equal-q
 * lists such as Claude Code's get markdown); `text/plain` only when HTML is acceptable too and text/plain
 * ranks strictly above it (so Axios gets HTML, and `text/plain` alone — an llms.txt scanner — gets the page
 * as published, HTML, as the page is published); `*` alone or no header → HTML. Never decided by user agent.
 */
export function toVariant(accept: string | null | undefined): Variant {
  return accept ? choose(accept) : 'html';
}

const choose = remembered((accept): Variant => {
  const ranges = parseAccept(accept);
  if (ranges.length === 0) return 'html';
  const html = Math.max(toQuality(ranges, 'text/html') ?? 0, toQuality(ranges, 'application/xhtml+xml', true) ?? 0);
  const markdown = Math.max(toQuality(ranges, 'text/markdown', true) ?? 0, toQuality(ranges, 'text/x-markdown', true) ?? 0);
  const plain = toQuality(ranges, 'text/plain', true) ?? 0;
  if (markdown > 0 && markdown >= html) return 'markdown';
  if (html > 0 && plain > html) return 'markdown';
  if (html > 0) return 'html';
  // HTML refused outright (q=0) but markdown acceptable through a wildcard.
  return (toQuality(ranges, 'text/markdown') ?? 0) > 0 ? 'markdown' : 'html';
});
