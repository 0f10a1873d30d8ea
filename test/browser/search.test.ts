import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, WEBMCP_FLAG } from '../../harness/chromium.ts';
import { readQuestions } from '../../harness/search/questions.ts';
import { createSearchBoxDriver, toRankedAnswer } from '../../harness/search/create-search-box-driver.ts';
import { type RankedAnswer, scoreRanking } from '../../harness/search/score-ranking.ts';
import type { Listening } from '../../proxy/node/listen.ts';
import { findSevereAxeViolations } from '../helpers/browser/axe.ts';
import { openSite, SITE_DIR, watchProblems, type BrowserSite } from '../helpers/browser/browser.ts';
import { waitForTools } from '../helpers/browser/webmcp.ts';
import { serveStatic } from '../../harness/static-host.ts';

const questions = readQuestions();
let site: BrowserSite;
let staticHost: Listening;
beforeAll(async () => {
  [site, staticHost] = await Promise.all([openSite(), serveStatic(SITE_DIR)]);
});
afterAll(async () => Promise.all([site?.close(), staticHost?.close()]));

/** Types every question into the search box of one page, and reads what it shows. */
async function askEveryQuestion(page: Page): Promise<RankedAnswer[][]> {
  const box = createSearchBoxDriver(page);
  await box.open();
  const answers: RankedAnswer[][] = [];
  for (const q of questions) answers.push((await box.ask(q.q)).answers);
  return answers;
}

describe('the search box (the index /api/search answers from, ranked in the browser)', () => {
  it.each([
    ['the edge', () => site.server.url],
    ['a static host with no edge (sirv)', () => staticHost.url],
  ])(
    'answers the question set typed into it on %s as /api/search does: recall@3 of at least 0.9',
    async (where, origin) => {
      const context = await site.browser.newContext({ baseURL: origin() });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto('/docs/overview');
      const answers = await askEveryQuestion(page);
      const scores = scoreRanking(questions, answers);
      console.info(
        `search box on ${where}, ${scores.questions} questions: recall@1 ${scores.recall1.toFixed(3)}, recall@3 ${scores.recall3.toFixed(3)}, ` +
          `MRR ${scores.mrr.toFixed(3)}, right section first ${scores.section1.toFixed(3)}`,
      );
      expect(scores.recall3, JSON.stringify(scores.misses, null, 2)).toBeGreaterThanOrEqual(0.9);
      // The same pages and sections in the same order as the endpoint gives an agent (the edge's /api/search, its default limit).
      const endpoint: RankedAnswer[][] = [];
      for (const q of questions) {
        const res = await fetch(`${site.server.url}/api/search?q=${encodeURIComponent(q.q)}`);
        const json = (await res.json()) as { results: Array<{ url: string }> };
        endpoint.push(json.results.map((r) => toRankedAnswer(r.url)));
      }
      expect(answers).toEqual(endpoint);
      expect(problems.problems).toEqual([]);
      await context.close();
    },
    120_000,
  );

  it('opens with / and Ctrl+K, moves through results with the arrows, follows one with Enter, closes with Escape', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await page.goto('/docs/overview');
    const dialog = page.locator('site-search dialog');
    const input = dialog.locator('input[name="q"]');
    await page.locator('button[data-open-modal]:not([disabled])').waitFor();
    await page.keyboard.press('/');
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'q');
    await page.keyboard.press('Escape');
    expect(await dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    await page.keyboard.press('Control+k');
    expect(await dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    // As the person types: each keystroke searches, and the list shows the words typed so far.
    await input.pressSequentially('merge gate');
    await page.waitForFunction(() => document.querySelector('site-search')?.getAttribute('data-results') === 'merge gate');
    const results = dialog.locator('#site-search-results a');
    expect(await results.count()).toBeGreaterThan(1);
    expect(await page.locator('#site-search-status').textContent()).toMatch(/^\d+ results?$/);
    // The matched words are marked in the snippet.
    expect((await results.first().locator('mark').allTextContents()).map((t) => t.toLowerCase())).toContain('gate');
    await page.keyboard.press('ArrowDown');
    expect(await results.first().evaluate((a) => a === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await results.nth(1).evaluate((a) => a === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    const href = await results.first().getAttribute('href');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => `${url.pathname}${url.hash}` === href, { waitUntil: 'domcontentloaded' });
    await context.close();
  });

  it('finds a tool by its name, and Enter in the box opens the first result', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await page.goto('/docs/overview');
    const box = createSearchBoxDriver(page);
    await box.open();
    const { answers } = await box.ask('get_merge_gate');
    expect(answers[0]?.path).toBe('/docs/tools/get_merge_gate');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/docs/tools/get_merge_gate', { waitUntil: 'domcontentloaded' });
    expect(await page.locator('h1').textContent()).toBe('get_merge_gate');
    await context.close();
  });

  it('loads no search engine until the dialog opens, and has no serious or critical axe violation open with results', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto('/docs/overview', { waitUntil: 'load' });
    expect(requested.filter((p) => p.startsWith('/search-index/'))).toEqual([]);
    const box = createSearchBoxDriver(page);
    await box.open();
    await box.ask('refresh token');
    expect(requested.filter((p) => p.startsWith('/search-index/')).length).toBeGreaterThan(1);
    expect(await findSevereAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('fits a 390 px screen: the dialog fills it, nothing wider than the screen', async () => {
    const context = await site.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/docs/overview');
    const box = createSearchBoxDriver(page);
    await box.open();
    await box.ask('how do I get a token for a CI job without a browser?');
    const widths = await page.locator('site-search dialog').evaluate((dialog) => ({
      dialog: dialog.getBoundingClientRect().width,
      scroll: dialog.querySelector('.dialog-frame')!.scrollWidth,
      frame: dialog.querySelector('.dialog-frame')!.clientWidth,
      widest: Math.max(...[...dialog.querySelectorAll('*')].map((el) => el.getBoundingClientRect().right)),
    }));
    expect(widths.dialog).toBeLessThanOrEqual(390);
    expect(widths.scroll).toBeLessThanOrEqual(widths.frame);
    expect(widths.widest).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('shows the feedback form where the edge answered the page; on a static host the form stays hidden and a miss tells no one', async () => {
    for (const [origin, edge] of [
      [site.server.url, true],
      [staticHost.url, false],
    ] as const) {
      const context = await site.browser.newContext({ baseURL: origin });
      const page = await context.newPage();
      const problems = watchProblems(page);
      const requested: string[] = [];
      page.on('request', (r) => requested.push(new URL(r.url()).pathname));
      await page.goto('/docs/overview');
      expect(await page.locator('[data-feedback]').isVisible(), origin).toBe(edge);
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-edge'))).toBe(edge);
      if (!edge) {
        const box = createSearchBoxDriver(page);
        await box.open();
        expect((await box.ask('zyxwv quokka marmalade')).answers).toEqual([]);
        await page.keyboard.press('Enter');
        const closed = page.evaluate(
          () => new Promise((resolve) => document.querySelector('site-search dialog')!.addEventListener('close', resolve, { once: true })),
        );
        // The first Escape empties the search field, the second closes the dialog.
        await page.keyboard.press('Escape');
        await page.keyboard.press('Escape');
        await closed;
        expect(requested.filter((path) => path.startsWith('/api/'))).toEqual([]);
      }
      // Until someone uses the form, its module stays on the server.
      expect(requested.filter((path) => /\/feedback-form\./.test(path))).toEqual([]);
      expect(problems.problems).toEqual([]);
      await context.close();
    }
  });

  it("is a declarative WebMCP tool: an agent in the page calls search_docs_box and gets /api/search's JSON answer", async () => {
    // WebMCP is behind a feature flag in Debian's Chromium: a browser of its own for this one test.
    const browser = await launchChromium([WEBMCP_FLAG]);
    try {
      const page = await browser.newPage({ baseURL: site.server.url });
      await page.goto('/docs/overview');
      await page.locator('button[data-open-modal]:not([disabled])').waitFor();
      const { tool, answer } = await page.evaluate(async () => {
        type ModelContext = {
          getTools(): Promise<Array<{ name: string; description: string; inputSchema: unknown }>>;
          executeTool(tool: unknown, input: object): Promise<unknown>;
        };
        const context = (document as unknown as { modelContext: ModelContext }).modelContext;
        const found = (await context.getTools()).find((t) => t.name === 'search_docs_box')!;
        return { tool: found, answer: await context.executeTool(found, { q: 'get_merge_gate' }) };
      });
      expect(tool.description.length).toBeGreaterThan(40);
      expect(tool.inputSchema).toMatchObject({ properties: { q: { type: 'string', description: expect.any(String) } }, required: ['q'] });
      const endpoint = await (await fetch(`${site.server.url}/api/search?q=get_merge_gate`)).json();
      // Chromium hands the agent what the page responded with as JSON text.
      expect(typeof answer === 'string' ? JSON.parse(answer) : answer).toEqual(endpoint);
    } finally {
      await browser.close();
    }
  });

  it('offers WebMCP submit_feedback where the edge answered the page, and not on a static host, which has no edge to take it', async () => {
    const browser = await launchChromium([WEBMCP_FLAG]);
    try {
      for (const [origin, edge] of [
        [site.server.url, true],
        [staticHost.url, false],
      ] as const) {
        const page = await browser.newPage({ baseURL: origin });
        await page.goto('/docs/overview');
        // The page registers its tools in one pass: once these two are there, submit_feedback is too, or never will be.
        const names = (await waitForTools(page, ['search_docs', 'read_docs_page'])).map((t) => t.name);
        expect(names.includes('submit_feedback'), origin).toBe(edge);
        await page.close();
      }
    } finally {
      await browser.close();
    }
  });
});
