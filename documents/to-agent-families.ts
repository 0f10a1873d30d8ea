import { FAMILY_NAME, type ReaderCategory } from '../facts/traffic-labels.ts';
import type { CrawlerEntry } from './to-ai-agents.ts';

/** One family of readers the edge tells apart by its user agent (build facts `agent_families`). */
export interface AgentFamily {
  /** The list's regular expression. */
  pattern: string;
  /** The agent's name as the list names it (GPTBot, ClaudeBot, Googlebot, curl). */
  family: string;
  category: Exclude<ReaderCategory, 'browser'>;
}

/**
 * The tags whose entries are worth a family of their own: AI agents and crawlers, search engines, HTTP libraries and
 * browser automation. The rest of the list (SEO tools, monitors, feed readers, …) is counted as `other`, which keeps
 * what the edge carries small.
 */
const CARRIED_TAGS = ['ai-crawler', 'search-engine', 'http-library', 'browser-automation'];

/**
 * Whether an AI entry fetches for a person now rather than crawling ahead of time. The list tags both `ai-crawler`, so
 * the split is read from what it says of each: operators name the fetcher that acts on a person's request
 * `<Name>-User` (ChatGPT-User, Claude-User, Perplexity-User, MistralAI-User, Amzn-User), set apart from their
 * crawlers in their robots.txt guidance, and the list describes the others of the kind as assistants (kagi-fetcher,
 * Google-NotebookLM, DuckAssistBot).
 */
function isAssistant(family: string, entry: CrawlerEntry): boolean {
  return /User$/.test(family) || /\bassistant\b/i.test(entry.description ?? '');
}

function toCategory(family: string, entry: CrawlerEntry): AgentFamily['category'] {
  const tags = entry.tags ?? [];
  if (tags.includes('ai-crawler')) {
    if (isAssistant(family, entry)) return 'ai-assistant';
    // An AI crawler that is also a search engine indexes for an answer engine (OAI-SearchBot, Claude-SearchBot).
    return tags.includes('search-engine') ? 'ai-search' : 'ai-crawler';
  }
  return tags.includes('search-engine') ? 'search-engine' : 'other';
}

/** A matched text as a name: up to the first character a family name may not hold, without trailing separators. */
const toName = (text: string): string | undefined => /^[A-Za-z0-9][A-Za-z0-9 ._!-]*/.exec(text)?.[0].replace(/[ ._!-]+$/, '');

/**
 * The agent's name as the list names it: the text its pattern matches in the list's instances, in the spelling most
 * of them show (the longest instance's on a tie: `ClaudeBot`, not a bare `claudebot`), cut at the first character that
 * is not part of a name (`Googlebot/` → `Googlebot`). An entry without instances is named by its pattern when that is
 * a plain name.
 */
export function toFamilyName(entry: CrawlerEntry): string | undefined {
  const pattern = new RegExp(entry.pattern);
  const seen = new Map<string, number>();
  for (const instance of [...(entry.instances ?? [])].sort((a, b) => b.length - a.length)) {
    const text = pattern.exec(instance)?.[0];
    if (text) seen.set(text, (seen.get(text) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [text, count] of seen) if (best === undefined || count > seen.get(best)!) best = text;
  const name = toName(best ?? (/^[A-Za-z0-9 ._-]+$/.test(entry.pattern) ? entry.pattern : ''));
  return name && FAMILY_NAME.test(name) ? name : undefined;
}

/**
 * The families the edge tells readers apart by (runtime/http/reader-family.ts), from the crawler-user-agents list:
 * every entry with a carried tag that can be named, in the list's order. Each pattern is checked to compile.
 */
export function toAgentFamilies(list: readonly CrawlerEntry[]): AgentFamily[] {
  const families: AgentFamily[] = [];
  for (const entry of list) {
    if (!entry.tags?.some((tag) => CARRIED_TAGS.includes(tag))) continue;
    const family = toFamilyName(entry);
    if (family) families.push({ pattern: entry.pattern, family, category: toCategory(family, entry) });
  }
  return families;
}
