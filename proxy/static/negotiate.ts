import { parseAccept, toQuality } from '../../runtime/http/accept.ts';
import { remembered } from '../../runtime/http/remembered.ts';

/** The two representations of a page (contract NEGOTIATE-1, NEGOTIATE-2). */
export type Variant = 'html' | 'markdown';

/** What Accept alone says: a variant, or `open` when it names neither (no header, wildcards, other types). */
export type AcceptChoice = Variant | 'open';

/**
 * Chooses the variant of a negotiable page by Accept alone (contract NEGOTIATE-1; RFC 9110 §12.5.1):
 * markdown when `text/markdown` or `text/x-markdown` is listed with q ≥ the best HTML q (so equal-q
 * lists such as Claude Code's get markdown); `text/plain` only when HTML is acceptable too and text/plain
 * ranks strictly above it (so Axios gets HTML, and `text/plain` alone — an llms.txt scanner — gets the page
 * as published, HTML, as the page is published); HTML when HTML is named or markdown refused; `open` when HTML is
 * acceptable through a wildcard only, or there is no header: then the user agent may decide (toPageVariant).
 */
export function toAcceptChoice(accept: string | null | undefined): AcceptChoice {
  return accept ? choose(accept) : 'open';
}

/** The variant Accept alone chooses: an open choice is HTML (404 pages, the search route, the MCP endpoint's page). */
export function toVariant(accept: string | null | undefined): Variant {
  const choice = toAcceptChoice(accept);
  return choice === 'open' ? 'html' : choice;
}

/**
 * The variant of a page that has a twin: what Accept chooses, and when it leaves the choice open, markdown for an
 * AI agent that names itself in User-Agent (`isAiAgent`, from the build facts: documents/to-ai-agents.ts), HTML for
 * everyone else, browsers and search engines' crawlers included. The user agent is looked at only then.
 */
export function toPageVariant(
  accept: string | null | undefined,
  userAgent: string | null | undefined,
  isAiAgent: ((userAgent: string) => boolean) | undefined,
): Variant {
  const choice = toAcceptChoice(accept);
  if (choice !== 'open') return choice;
  return userAgent && isAiAgent?.(userAgent) ? 'markdown' : 'html';
}

const choose = remembered((accept): AcceptChoice => {
  const ranges = parseAccept(accept);
  if (ranges.length === 0) return 'open';
  const html = Math.max(toQuality(ranges, 'text/html') ?? 0, toQuality(ranges, 'application/xhtml+xml', true) ?? 0);
  const markdown = Math.max(toQuality(ranges, 'text/markdown', true) ?? 0, toQuality(ranges, 'text/x-markdown', true) ?? 0);
  const plain = toQuality(ranges, 'text/plain', true) ?? 0;
  if (markdown > 0 && markdown >= html) return 'markdown';
  if (html > 0 && plain > html) return 'markdown';
  const namesHtml = (toQuality(ranges, 'text/html', true) ?? 0) > 0 || (toQuality(ranges, 'application/xhtml+xml', true) ?? 0) > 0;
  const refusesMarkdown = toQuality(ranges, 'text/markdown', true) === 0 || toQuality(ranges, 'text/x-markdown', true) === 0;
  if (namesHtml || refusesMarkdown) return 'html';
  if (html > 0) return 'open';
  // HTML refused outright (q=0) but markdown acceptable through a wildcard.
  return (toQuality(ranges, 'text/markdown') ?? 0) > 0 ? 'markdown' : 'html';
});
