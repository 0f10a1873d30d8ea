import { afterAll, describe, expect, it } from 'vitest';
import { toPageVariant, toVariant } from '../../../proxy/static/negotiate.ts';
import { toAiAgentTest } from '../../../runtime/http/ai-agent-test.ts';
import { toAiAgentPatterns } from '../../../documents/to-ai-agents.ts';
import crawlers from 'crawler-user-agents';
import { createFixtureDist } from '../../helpers/proxy/fixture-dist.ts';
import { BASE_URL, createTestApp, loadFiles } from '../../helpers/proxy/test-app.ts';
import { EDGE_TIMING } from '../../../facts/edge-timing.ts';

const dist = createFixtureDist();
const app = createTestApp({ files: loadFiles(dist.dir) });
afterAll(() => dist.remove());

// Accept headers real clients send and the variant each must get.
const CLIENTS: [string, string | null, 'html' | 'markdown'][] = [
  ['Claude Code', 'text/markdown, text/html, */*', 'markdown'],
  ['Cursor', 'text/markdown, text/plain;q=0.9, */*;q=0.8', 'markdown'],
  ['OpenClaw', 'text/markdown, text/html;q=0.9, */*;q=0.1', 'markdown'],
  ['Agent Rank markdown probe', 'text/markdown, text/html;q=0.9', 'markdown'],
  ['Agent Rank text/plain probe', 'text/plain, text/html;q=0.9', 'markdown'],
  ['purpose-built agent', 'text/x-markdown', 'markdown'],
  ['Codex CLI', 'text/html, */*', 'html'],
  [
    'Chrome',
    'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
    'html',
  ],
  ['Firefox', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'html'],
  ['Safari', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'html'],
  ['curl', '*/*', 'html'],
  ['ChatGPT, Perplexity, Gemini', '*/*', 'html'],
  ['axios', 'application/json, text/plain, */*', 'html'],
  ['no Accept header', null, 'html'],
  ['text/plain tied with HTML', 'text/plain, text/html', 'html'],
  ['bare text/plain', 'text/plain', 'html'],
  ['text/plain above a wildcard', 'text/plain, */*;q=0.1', 'markdown'],
  ['markdown refused', 'text/markdown;q=0, */*', 'html'],
  ['text/* only', 'text/*', 'html'],
  ['HTML below markdown', 'text/html;q=0.5, text/markdown;q=0.6', 'markdown'],
  ['markdown below HTML', 'text/html, text/markdown;q=0.5', 'html'],
  ['garbage', 'nonsense;;;, /, q=2', 'html'],
];

// User agents (as each vendor documents it) with an Accept that leaves the choice open, and the variant each must get.
const AGENTS: [string, string, string | null, 'html' | 'markdown'][] = [
  [
    'ClaudeBot',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
    null,
    'markdown',
  ],
  ['Claude-User', 'Claude-User (claude-code/2.1.86; +https://support.anthropic.com/)', '*/*', 'markdown'],
  ['GPTBot', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0; +https://openai.com/gptbot)', '*/*', 'markdown'],
  [
    'ChatGPT-User',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
    null,
    'markdown',
  ],
  ['ClaudeBot naming HTML', 'ClaudeBot/1.0', 'text/html, */*;q=0.8', 'html'],
  ['ClaudeBot refusing markdown', 'ClaudeBot/1.0', 'text/markdown;q=0, */*', 'html'],
  ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '*/*', 'html'],
  ['Bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', null, 'html'],
  [
    'OAI-SearchBot (a search index)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot',
    '*/*',
    'html',
  ],
  ['curl', 'curl/8.14.1', '*/*', 'html'],
  ['no User-Agent', '', null, 'html'],
];

describe('content negotiation beyond NEGOTIATE-1: AI agents that name themselves in User-Agent', () => {
  const isAiAgent = toAiAgentTest(toAiAgentPatterns(crawlers));
  it.each(AGENTS)('%s → %s', (_name, userAgent, accept, variant) => {
    expect(toPageVariant(accept, userAgent, isAiAgent)).toBe(variant);
  });
});

describe('NEGOTIATE-1 content negotiation: Accept headers of real clients', () => {
  it.each(CLIENTS)('%s (%s) → %s', async (_client, accept, variant) => {
    expect(toVariant(accept)).toBe(variant);
    const res = await app.request('/docs/overview', accept ? { headers: { accept } } : {});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(variant === 'html' ? 'text/html; charset=utf-8' : 'text/markdown; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept, User-Agent, Accept-Encoding');
  });
});

describe('content negotiation rules (NEGOTIATE-1, NEGOTIATE-2)', () => {
  it('NEGOTIATE-1: an HTML page requested with Accept: text/markdown returns its markdown twin', async () => {
    const res = await app.request('/docs/overview', { headers: { accept: 'text/markdown' } });
    expect(await res.text()).toBe('# Overview\n');
    expect(res.headers.get('content-location')).toBe('/docs/overview.md');
  });

  it('NEGOTIATE-2: `.md` appended to the path returns the twin', async () => {
    const res = await app.request('/docs/overview.md');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('# Overview\n');
  });

  it('NEGOTIATE-1: the home page twin is /index.md', async () => {
    const res = await app.request('/', { headers: { accept: 'text/markdown' } });
    expect(await res.text()).toBe('# Home\n');
    expect(res.headers.get('link')).toContain(`<${BASE_URL}/>; rel="canonical"`);
  });

  it('both variants carry Vary: Accept (a shared cache must not mix them), and Accept-Encoding as every compressible answer', async () => {
    const html = await app.request('/docs/overview', { headers: { accept: 'text/html' } });
    const md = await app.request('/docs/overview', { headers: { accept: 'text/markdown' } });
    expect(html.headers.get('vary')).toBe('Accept, User-Agent, Accept-Encoding');
    expect(md.headers.get('vary')).toBe('Accept, User-Agent, Accept-Encoding');
    expect(html.headers.get('etag')).not.toBe(md.headers.get('etag'));
  });

  it('the twin carries Link rel="canonical" to the HTML page and X-Robots-Tag: noindex, also on .md URLs', async () => {
    for (const res of [
      await app.request('/docs/overview', { headers: { accept: 'text/markdown' } }),
      await app.request('/docs/overview.md'),
    ]) {
      expect(res.headers.get('link')).toContain(`<${BASE_URL}/docs/overview>; rel="canonical"`);
      expect(res.headers.get('link')).toContain(`<${BASE_URL}/llms.txt>; rel="describedby"; type="text/plain"`);
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      // Cloudflare's header for markdown answers: an estimate, bytes / 4 (proxy/static/static-files.ts).
      expect(Number(res.headers.get('x-markdown-tokens'))).toBe(Math.ceil(Number(res.headers.get('content-length')) / 4));
    }
  });

  it('the HTML variant links its markdown alternate', async () => {
    const res = await app.request('/docs/overview');
    expect(res.headers.get('link')).toContain(`<${BASE_URL}/docs/overview.md>; rel="alternate"; type="text/markdown"`);
    expect(res.headers.get('x-robots-tag')).toBeNull();
  });

  it('a page without a twin is served as HTML without Vary: Accept (only Accept-Encoding, as every compressible answer)', async () => {
    const res = await app.request('/docs/no-twin', { headers: { accept: 'text/markdown' } });
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('every HTML page the edge answers says so in Server-Timing, its 304 and 404 too; no other answer does', async () => {
    const page = await app.request('/docs/overview');
    const etag = page.headers.get('etag')!;
    for (const res of [
      page,
      await app.request('/', { headers: { accept: 'text/html' } }),
      await app.request('/docs/no-twin'),
      await app.request('/docs/no-such-page'),
      await app.request('/docs/overview', { headers: { 'if-none-match': etag } }),
    ]) {
      expect(res.headers.get('server-timing'), res.url).toBe(EDGE_TIMING);
    }
    for (const res of [
      await app.request('/docs/overview', { headers: { accept: 'text/markdown' } }),
      await app.request('/llms.txt'),
      await app.request('/_astro/app.Ab12Cd.js'),
      await app.request('/api/health'),
    ]) {
      expect(res.headers.get('server-timing'), res.url).toBeNull();
    }
  });

  it('a trailing slash redirects to the page', async () => {
    const res = await app.request('/docs/overview/');
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('/docs/overview');
  });
});
