import type { BuildFacts } from '../../facts/build-facts.ts';
import { READER_CATEGORIES, type ReaderCategory } from '../../facts/traffic-labels.ts';
import { remembered } from './remembered.ts';

/** Who sent a request, as traffic is counted: the agent's family and its category. */
export interface Reader {
  readonly family: string;
  readonly category: ReaderCategory;
}

const BROWSER: Reader = { family: 'browser', category: 'browser' };
const OTHER: Reader = { family: 'other', category: 'other' };

/**
 * A browser's user agent: the shape Chromium, Safari and Firefox send (Mozilla/5.0, the platform comment, the engine,
 * then only browser product tokens), with no crawler's words or contact address in the comment. Tools and monitors
 * that borrow a browser's string mostly add a token of their own, which this refuses; the few that add nothing are
 * counted as browsers, since nothing tells them apart.
 */
const BROWSER_AGENT =
  /^Mozilla\/5\.0 \((?![^)]*(?:[Bb]ot|[Cc]rawl|[Ss]pider|compatible|https?:|\.com|@))[^()]*\) (?:AppleWebKit\/[\d.]+ \(KHTML, like Gecko\)(?: (?:Chrome|CriOS|FxiOS|EdgiOS|Version|Mobile|SamsungBrowser|YaBrowser|Vivaldi)\/[\w.]+| Mobile)* Safari\/[\d.]+(?: (?:Edg|OPR|Vivaldi|YaBrowser)\/[\d.]+)?|Gecko\/[\d.]+ Firefox\/[\d.]+)$/;

/** The user agents remembered, at most: they are the client's, so past this many the table starts over. */
const REMEMBERED = 1024;

/**
 * The reader of a user agent, from the build's families (build facts `agent_families`): the family of the first
 * category whose entries match, the one with the longest match where several do (YandexRenderResourcesBot over
 * yandex.com); `browser` for a browser's user agent; else `other` (no user agent, tools the list does not carry).
 * Each user agent's answer is remembered, so a request costs one map lookup.
 */
export function toReaderLookup(families: BuildFacts['agent_families']): (userAgent: string | null) => Reader {
  // In category order (a stable sort keeps the list's order within one): the first category that matches wins.
  const entries = families
    .map((f) => ({
      pattern: new RegExp(f.pattern),
      rank: READER_CATEGORIES.indexOf(f.category),
      reader: { family: f.family, category: f.category } satisfies Reader,
    }))
    .sort((a, b) => a.rank - b.rank);
  const classify = (userAgent: string): Reader => {
    let best: (typeof entries)[number] | undefined;
    let longest = -1;
    for (const entry of entries) {
      if (best && entry.rank > best.rank) break;
      const match = entry.pattern.exec(userAgent);
      if (match && match[0].length > longest) {
        best = entry;
        longest = match[0].length;
      }
    }
    // After the families: an agent may name itself inside a browser's string (TSM-turingos in its platform comment).
    if (best) return best.reader;
    return BROWSER_AGENT.test(userAgent) ? BROWSER : OTHER;
  };
  const lookup = remembered(classify, REMEMBERED);
  return (userAgent) => (userAgent ? lookup(userAgent) : OTHER);
}
