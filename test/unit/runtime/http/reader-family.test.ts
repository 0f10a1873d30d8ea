import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { toAgentFamilies } from '../../../../documents/to-agent-families.ts';
import type { CrawlerEntry } from '../../../../documents/to-ai-agents.ts';
import { toReaderLookup } from '../../../../runtime/http/reader-family.ts';

const list = createRequire(import.meta.url)('crawler-user-agents') as CrawlerEntry[];
const families = toAgentFamilies(list);
const toReader = toReaderLookup(families);

describe('the reader of a user agent', () => {
  it('is the family the list names and its category', () => {
    const cases: [string | null, string, string][] = [
      [
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
        'ChatGPT-User',
        'ai-assistant',
      ],
      [
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)',
        'Claude-User',
        'ai-assistant',
      ],
      [
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)',
        'Perplexity-User',
        'ai-assistant',
      ],
      ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)', 'GPTBot', 'ai-crawler'],
      [
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
        'ClaudeBot',
        'ai-crawler',
      ],
      [
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot',
        'OAI-SearchBot',
        'ai-search',
      ],
      ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Googlebot', 'search-engine'],
      ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'bingbot', 'search-engine'],
      ['curl/8.5.0', 'curl', 'other'],
      ['python-requests/2.32.3', 'python-requests', 'other'],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        'browser',
        'browser',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
        'browser',
        'browser',
      ],
      ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'browser', 'browser'],
      ['Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0', 'browser', 'browser'],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
        'browser',
        'browser',
      ],
      [
        'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        'browser',
        'browser',
      ],
      ['Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)', 'other', 'other'],
      ['node', 'other', 'other'],
      ['', 'other', 'other'],
      [null, 'other', 'other'],
    ];
    expect(cases.map(([ua]) => ({ ...toReader(ua) }))).toEqual(cases.map(([, family, category]) => ({ family, category })));
  });

  it("gives every user agent the list records for a family that family's category, and an AI agent its own name", () => {
    const wrong: string[] = [];
    for (const family of families) {
      const entry = list.find((e) => e.pattern === family.pattern)!;
      for (const instance of entry.instances ?? []) {
        const reader = toReader(instance);
        const ai = family.category.startsWith('ai-');
        if (reader.category !== family.category || (ai && reader.family !== family.family))
          wrong.push(`${instance} → ${reader.family} (${reader.category}), not ${family.family} (${family.category})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('takes few of the other agents the list records for browsers (those that add no name of their own)', () => {
    const carried = new Set(families.map((f) => f.pattern));
    const instances = list.filter((e) => !carried.has(e.pattern)).flatMap((e) => e.instances ?? []);
    const browsers = instances.filter((ua) => toReader(ua).category === 'browser');
    expect(instances.length).toBeGreaterThan(1000);
    expect(browsers.length).toBeLessThan(instances.length / 100);
  });

  it('is the same answer for the same user agent, remembered', () => {
    const ua = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect(toReader(ua)).toBe(toReader(ua));
  });
});
