import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { toAgentFamilies, toFamilyName } from '../../../documents/to-agent-families.ts';
import type { CrawlerEntry } from '../../../documents/to-ai-agents.ts';
import { buildFactsSchema } from '../../../facts/build-facts.ts';
import { FAMILY_NAME } from '../../../facts/traffic-labels.ts';

const list = createRequire(import.meta.url)('crawler-user-agents') as CrawlerEntry[];
const families = toAgentFamilies(list);
const named = (category: string) => families.filter((f) => f.category === category).map((f) => f.family);

describe('the families of readers, from the crawler-user-agents list', () => {
  it('tell assistants fetching for a person from the crawlers of the same operators', () => {
    expect(named('ai-assistant')).toEqual(
      expect.arrayContaining(['ChatGPT-User', 'Claude-User', 'Perplexity-User', 'MistralAI-User', 'Amzn-User', 'kagi-fetcher']),
    );
    expect(named('ai-search')).toEqual(expect.arrayContaining(['OAI-SearchBot', 'Claude-SearchBot', 'PerplexityBot']));
    expect(named('ai-crawler')).toEqual(expect.arrayContaining(['GPTBot', 'ClaudeBot', 'CCBot', 'Google-Extended', 'Bytespider']));
    expect(named('search-engine')).toEqual(expect.arrayContaining(['Googlebot', 'bingbot', 'Applebot']));
    expect(named('other')).toEqual(expect.arrayContaining(['curl', 'python-requests', 'Go-http-client', 'HeadlessChrome']));
    // No crawler is taken for an assistant, nor an assistant for a crawler or search index.
    expect(named('ai-assistant')).not.toEqual(expect.arrayContaining(['GPTBot']));
    for (const assistant of ['ChatGPT-User', 'Claude-User', 'Perplexity-User']) {
      expect(named('ai-crawler')).not.toContain(assistant);
      expect(named('ai-search')).not.toContain(assistant);
    }
  });

  it('carry only what is worth a family (AI, search engines, libraries, automation), each name safe as a label', () => {
    expect(families.length).toBeGreaterThan(200);
    expect(families.length).toBeLessThan(list.length / 3);
    expect(families.filter((f) => !FAMILY_NAME.test(f.family))).toEqual([]);
    expect(named('other')).not.toContain('UptimeRobot');
    // What the build writes is what the servers read.
    expect(buildFactsSchema.shape.agent_families.parse(families)).toEqual(families);
  });

  it('name an agent as most of the list spells it, cut to its name', () => {
    const entry = (pattern: string, instances: string[] = []) => toFamilyName({ pattern, instances, tags: ['ai-crawler'] });
    expect(entry('[cC]laude[bB]ot', ['claudebot', 'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)'])).toBe('ClaudeBot');
    expect(entry('[wW]get', ['WGETbot/1.0 (+http://wget.alanreed.org)', 'Wget/1.14 (linux-gnu)', 'Wget/1.20.3 (linux-gnu)'])).toBe('Wget');
    expect(entry('Googlebot\\/', ['Googlebot/2.1 (+http://www.google.com/bot.html)'])).toBe('Googlebot');
    expect(entry('AISearchBot')).toBe('AISearchBot');
    expect(entry('Spider[\\s\\S]*spider\\.com', ['Mozilla/5.0 (compatible; Spider; +https://www.spider.com/)'])).toBe('Spider');
    // Nothing to name it by: no instance, and a pattern that is not a name.
    expect(entry('^[a-z]+\\/\\d')).toBeUndefined();
  });
});
