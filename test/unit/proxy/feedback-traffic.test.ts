import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toSearchIndexFiles } from '../../../runtime/search/create-search-index.ts';
import { createFixtureDist, FIXTURE_FILES } from '../../helpers/proxy/fixture-dist.ts';
import { createFeedbackApp, ISSUER, type FeedbackApp } from '../../helpers/proxy/feedback-app.ts';
import { BASE_URL, loadFiles } from '../../helpers/proxy/test-app.ts';
import { PAGES } from '../../helpers/search-fixture.ts';
import { createTestKeys, signToken } from '../../helpers/proxy/tokens.ts';

// The fixture site with a search index, so /api/search answers from it as it does from a real build.
const dist = createFixtureDist({
  ...FIXTURE_FILES,
  ...Object.fromEntries(toSearchIndexFiles(PAGES).map((file) => [file.path.slice(1), file.text])),
});
let fb: FeedbackApp;
let operator = '';

const UA = {
  assistant: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)',
  crawler: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  search: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  browser: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  curl: 'curl/8.5.0',
};

/** A GET as one reader sends it. */
async function read(path: string, userAgent: string | undefined, accept?: string) {
  const res = await fb.app.request(path, {
    headers: { ...(userAgent ? { 'user-agent': userAgent } : {}), ...(accept ? { accept } : {}) },
  });
  await res.arrayBuffer();
  return res.status;
}

/** The operator's traffic answer, sent with no user agent. */
async function traffic() {
  const res = await fb.app.request('/api/feedback/traffic', { headers: { authorization: `Bearer ${operator}` } });
  expect(res.status).toBe(200);
  return (await res.json()).days as { day: string; family: string; category: string; kind: string; count: number }[];
}

const row = (family: string, category: string, kind: string, count: number) => ({ day: '2026-12-07', family, category, kind, count });
const sorted = (rows: ReturnType<typeof row>[]) => [...rows].sort((a, b) => `${a.family} ${a.kind}`.localeCompare(`${b.family} ${b.kind}`));

beforeAll(async () => {
  const keys = await createTestKeys();
  fb = await createFeedbackApp(loadFiles(dist.dir), { getKey: keys.getKey });
  operator = await signToken(keys, {
    iss: ISSUER,
    aud: BASE_URL,
    scope: 'warden:operator',
    exp: Math.floor(fb.clock.now / 1000) + 2 * 86_400,
  });
});
afterAll(async () => {
  await fb.feedback.close();
  dist.remove();
});

describe('GET /api/feedback/traffic: who read what', () => {
  it('counts each reader by family and category and each request by kind of document, before and after the counts are written', async () => {
    // An assistant that names itself gets the twin when Accept leaves it open; a search engine gets the page.
    expect(await read('/docs/overview', UA.assistant)).toBe(200);
    expect(await read('/api/search?q=token', UA.assistant, 'text/markdown')).toBe(200);
    expect(await read('/llms.txt', UA.crawler)).toBe(200);
    expect(await read('/docs/overview.md', UA.crawler)).toBe(200);
    expect(await read('/docs/overview.md', UA.crawler)).toBe(200);
    expect(await read('/docs/overview', UA.search, 'text/html')).toBe(200);
    expect(await read('/', UA.browser, 'text/html,application/xhtml+xml')).toBe(200);
    expect(await read('/docs/no-twin', UA.browser)).toBe(200);
    // The asset store's own files are not counted (the CDN answers them without the worker).
    expect(await read('/_astro/app.Ab12Cd.js', UA.browser)).toBe(200);
    expect(await read('/api/search?q=token', UA.curl)).toBe(200);
    expect(await read('/install', UA.curl)).toBe(200);
    expect(await read('/openapi.json', UA.curl)).toBe(200);
    expect(await read('/.well-known/mcp.json', UA.curl)).toBe(200);
    // Nothing read: a 404 is `other`, whatever was asked for.
    expect(await read('/docs/missing', undefined)).toBe(404);

    const expected = [
      row('Claude-User', 'ai-assistant', 'twin', 1),
      row('Claude-User', 'ai-assistant', 'search', 1),
      row('GPTBot', 'ai-crawler', 'llms', 1),
      row('GPTBot', 'ai-crawler', 'twin', 2),
      row('Googlebot', 'search-engine', 'page', 1),
      row('browser', 'browser', 'page', 2),
      row('curl', 'other', 'search', 1),
      row('curl', 'other', 'installer', 1),
      row('curl', 'other', 'well-known', 2),
      row('other', 'other', 'other', 1),
    ];
    expect(sorted(await traffic())).toEqual(sorted(expected));
    // The answer above is counted too (after it was planned): the operator's read, with no user agent, is `other`.
    await fb.feedback.write();
    expect(fb.feedback.deps.tally.size).toBe(0);
    const written = expected.map((r) => (r.family === 'other' ? { ...r, count: 2 } : r));
    expect(sorted(await traffic())).toEqual(sorted(written));

    // What is written and what is still in memory add up; the newest day first.
    await read('/llms.txt', UA.crawler);
    fb.clock.now += 86_400_000;
    await read('/llms.txt', UA.crawler);
    const days = await traffic();
    expect(days[0]).toEqual({ ...row('GPTBot', 'ai-crawler', 'llms', 1), day: '2026-12-08' });
    expect(days.filter((r) => r.day === '2026-12-07' && r.family === 'GPTBot' && r.kind === 'llms')).toEqual([
      row('GPTBot', 'ai-crawler', 'llms', 2),
    ]);
  });
});
