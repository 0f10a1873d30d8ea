/** One entry of crawler-user-agents' list (its crawler-user-agents.json). */
export interface CrawlerEntry {
  pattern: string;
  tags?: string[];
  /** User agents the pattern matches, as the list recorded them. */
  instances?: string[];
  description?: string;
}

/**
 * The user-agent patterns of AI agents that get a page's markdown twin when Accept leaves the choice open: every entry
 * of the crawler-user-agents list tagged `ai-crawler` (assistants fetching for a user, AI crawlers), except those also
 * tagged `search-engine` (an AI search index, like Googlebot, indexes the HTML page the twin names as canonical).
 * Each pattern is the list's own regular expression, checked to compile; the edge joins them into one.
 */
export function toAiAgentPatterns(list: readonly CrawlerEntry[]): string[] {
  const patterns = list
    .filter((entry) => entry.tags?.includes('ai-crawler') && !entry.tags.includes('search-engine'))
    .map((entry) => entry.pattern);
  for (const pattern of patterns) new RegExp(pattern);
  return [...new Set(patterns)];
}
