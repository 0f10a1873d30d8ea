import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../runtime/node/list-files.ts';
import { LOCAL } from '../../runtime/local-defaults.ts';
import { getContentDir, readContent } from '../../content-model/read-content.ts';
import { startTestDeployment, type TestDeployment } from '../helpers/test-deployment.ts';
import { createFrozenClock } from '../helpers/sandbox-fixture.ts';
import { launchChromium, WEBMCP_FLAG } from '../../harness/chromium.ts';
import { watchProblems } from '../helpers/browser/browser.ts';
import { executeTool, waitForTools } from '../helpers/browser/webmcp.ts';
import type { ToolsAnswer } from '../helpers/tool-output.ts';
import { getOperatorToken, readOperatorView, readReports } from '../helpers/operator-api.ts';
import { createSearchBoxDriver } from '../../harness/search/create-search-box-driver.ts';
import { PATHS } from '../../facts/paths.ts';

// The Try it panel against the running system, as `npm start` runs it: the site built for the edge's own
// address, the edge in front of the demo sandbox. Endpoints and tools/list answer at once; tools/call signs in
// through the sandbox's real sign-in page and gets the sandbox's real answer; the docs' demo path goes from
// start_run to an open merge gate; and with WebMCP on (the panel works alike with it), an agent in the browser calls
// the tools with the same sign-in. Screenshots go to test-output/screenshots/.
const SHOTS = resolve('test-output/screenshots');

let deployment: TestDeployment;
let browser: Browser;
let context: BrowserContext;
// The sandbox replays a run on this clock: the demo path moves it past the replay's end instead of waiting.
const clock = createFrozenClock(new Date().toISOString());
describe('Try it', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    deployment = await startTestDeployment({ now: clock.now });
    browser = await launchChromium([WEBMCP_FLAG]);
    context = await browser.newContext({ baseURL: deployment.baseUrl, viewport: { width: 1280, height: 900 } });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await deployment?.close();
  });

  const content = () =>
    readContent(getContentDir(), { BASE_URL: deployment.baseUrl, APP_URL: deployment.sandbox.url, AUTH_ISSUER: deployment.sandbox.url });

  /** Clicks Send on the page's panel and returns the answer it shows: status line, headers, and the body parsed (as `T`). */
  async function send<T = unknown>(page: Page): Promise<{ status: number; head: string; body: T }> {
    const output = page.locator('[data-try-it] [data-response]');
    // The answer shown before is cleared, so an identical new answer is still seen to arrive.
    await output.evaluate((pre) => (pre.textContent = ''));
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.waitForFunction(() => {
      const pre = document.querySelector<HTMLElement>('[data-try-it] [data-response]');
      const send = document.querySelector<HTMLButtonElement>('[data-try-it] [data-send]');
      return pre && !pre.hidden && pre.textContent && !send?.disabled;
    });
    const text = (await output.textContent())!;
    const [head = '', ...rest] = text.split('\n\n');
    const body = rest.join('\n\n');
    let parsed: unknown = body;
    try {
      parsed = JSON.parse(body);
    } catch {
      // not JSON: kept as text
    }
    return { status: Number(/^HTTP (\d+)/.exec(head)?.[1]), head, body: parsed as T };
  }

  /**
   * The button `button` of a docs page that signs in with the docs' client, then "Continue as demo user" on the
   * sandbox's real sign-in page; resolves once the browser is back at `back`.
   */
  async function signInWith(page: Page, button: string, back: string, screenshot?: string): Promise<void> {
    await page.getByRole('button', { name: button }).click();
    await page.waitForURL((url) => url.origin === deployment.sandbox.url);
    await page.locator('body', { hasText: 'Warden docs (Try it)' }).waitFor();
    if (screenshot) await page.screenshot({ path: join(SHOTS, screenshot) });
    await page.getByRole('button', { name: 'Continue as demo user' }).click();
    await page.waitForURL(back);
  }

  /** "Sign in to try" on a tool page, then "Continue as demo user" on the sandbox's sign-in page; back on the panel. */
  async function signIn(page: Page, screenshot?: string): Promise<void> {
    await signInWith(page, 'Sign in to try', `${page.url().replace(/#.*$/, '')}#try-it`, screenshot);
    await statusSaying(page, /^Signed in until/).waitFor();
  }

  /** The panel's status line once it says `text`: Playwright waits for it, with its default timeout. */
  function statusSaying(page: Page, text: string | RegExp) {
    return page.locator('[data-try-it] [data-status]', { hasText: text });
  }

  /** Replaces the panel's request body (as a reader edits it). */
  async function editBody(page: Page, edit: (body: string) => string): Promise<void> {
    const box = page.locator('[data-try-it] textarea');
    await box.fill(edit(await box.inputValue()));
  }

  describe('Try it, against the running service', () => {
    it('an endpoint page sends its example and shows the real answer', async () => {
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto('/docs/reference/get-health');
      const { status, head, body } = await send<{ mcp: string }>(page);
      expect(status).toBe(200);
      expect(head).toContain('content-type: application/json');
      expect(body).toEqual(await (await fetch(`${deployment.baseUrl}/api/health`)).json());
      expect(body.mcp).toBe(`${deployment.sandbox.url}/mcp`);
      expect(problems.problems).toEqual([]);
      await page.close();
    });

    it('the tool endpoint page lists the tools, with no credential', async () => {
      const page = await context.newPage();
      await page.goto('/docs/reference/post-mcp');
      const { status, head, body } = await send<ToolsAnswer>(page);
      expect(status).toBe(200);
      expect(head).toContain('content-type: text/event-stream');
      expect(body.result.tools.map((t: { name: string }) => t.name).sort()).toEqual(
        content()
          .tools.map((t) => t.name)
          .sort(),
      );
      await page.close();
    });

    it('a tool page gets the real 401 challenge, then signs in through the sign-in page and gets the real result', async () => {
      const page = await context.newPage();
      await page.goto('/docs/tools/get_run');
      const refused = await send(page);
      expect(refused.status).toBe(401);
      expect(refused.head).toMatch(/www-authenticate: Bearer resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource"/);
      await statusSaying(page, 'calling a tool needs an access token').waitFor();

      await signIn(page, 'try-it-sign-in-page.png');

      const { status, body } = await send<ToolsAnswer>(page);
      expect(status).toBe(200);
      expect(body.result.isError).toBeFalsy();
      expect(body.result.structuredContent).toEqual(content().tools.find((t) => t.name === 'get_run')!.example.result);
      await page.locator('[data-try-it]').screenshot({ path: join(SHOTS, 'try-it-get-run.png') });
      await page.close();
    });

    it("follows the docs' demo path: start_run, request_signoff, approval on the dashboard, then an open merge gate", async () => {
      // A browser of its own (no earlier sign-in), one tab throughout: the panel keeps its token for the tab.
      const reader = await browser.newContext({ baseURL: deployment.baseUrl, viewport: { width: 1280, height: 900 } });
      const page = await reader.newPage();
      await page.goto('/docs/tools/start_run');
      await signIn(page);
      const started = await send<ToolsAnswer>(page);
      expect(started.status, `${started.head}\n${JSON.stringify(started.body).slice(0, 500)}`).toBe(200);
      expect(started.body.result.structuredContent).toMatchObject({ workflow_id: 'wf_dependency_upgrade', status: 'running' });
      const runId: string = started.body.result.structuredContent.run_id;
      const documented = String(content().tools.find((t) => t.name === 'start_run')!.example.result.run_id);

      await page.goto('/docs/tools/request_signoff');
      await editBody(page, (body) => body.replaceAll(documented, runId));
      expect((await send<ToolsAnswer>(page)).body.result.structuredContent.signoff).toMatchObject({
        status: 'requested',
        requested_by: 'demo-user',
      });

      const dashboard = await reader.newPage();
      await dashboard.goto(`${deployment.sandbox.url}/dashboard`);
      await dashboard.getByRole('button', { name: 'Continue as demo user' }).click();
      const card = dashboard.locator('.card', { hasText: runId });
      await card.getByLabel('Comment (optional)').fill('Checked from the docs.');
      await card.getByRole('button', { name: 'Approve' }).click();
      await dashboard.locator('body', { hasText: `Run ${runId} approved.` }).waitFor();
      await dashboard.close();

      await page.goto('/docs/tools/get_merge_gate');
      await editBody(page, (body) => body.replace('run_demo_0001', runId));
      // An hour on, the replay has reached every check: the gate's answer depends on the approval alone.
      clock.advance(3600);
      expect((await send<ToolsAnswer>(page)).body.result.structuredContent).toMatchObject({ run_id: runId, status: 'open', blocking: [] });
      await reader.close();
    }, 60_000);
  });

  describe("WebMCP tools with the Try it sign-in (the person's own token)", () => {
    it('a Warden tool called by an agent in the browser gets the real result; a state-changing one asks the person first', async () => {
      // A browser of its own and one tab throughout: the sign-in is kept for the tab.
      const reader = await browser.newContext({ baseURL: deployment.baseUrl, viewport: { width: 1280, height: 900 } });
      const page = await reader.newPage();
      const problems = watchProblems(page);
      await page.goto('/docs/tools/get_run');
      await signIn(page);
      await waitForTools(page, ['get_run']);
      const got = await executeTool(page, 'get_run', { run_id: 'run_demo_0001' });
      expect(got.isError).toBeFalsy();
      expect(got.structuredContent).toEqual(content().tools.find((t) => t.name === 'get_run')!.example.result);

      await page.goto('/docs/tools/start_run');
      await waitForTools(page, ['start_run']);
      const sent: string[] = [];
      page.on('request', (r) => r.method() === 'POST' && sent.push(new URL(r.url()).pathname));
      const ask = page.locator('dialog.webmcp-ask');
      // Declined: nothing is sent, and the agent is told so.
      const declined = executeTool(page, 'start_run', { workflow_id: 'wf_dependency_upgrade' });
      await ask.getByRole('heading', { name: 'Allow start_run?' }).waitFor();
      await page.screenshot({ path: join(SHOTS, 'webmcp-ask.png') });
      await ask.getByRole('button', { name: "Don't allow" }).click();
      expect(await declined).toEqual({
        isError: true,
        content: [{ type: 'text', text: 'The person did not allow this call of start_run; nothing was sent.' }],
      });
      expect(sent).toEqual([]);
      // Allowed: the call goes to the same-host endpoint with the token, and the run starts.
      const allowed = executeTool(page, 'start_run', { workflow_id: 'wf_dependency_upgrade', note: 'Started by an agent in the browser.' });
      await expect(ask.locator('pre').textContent()).resolves.toContain('Started by an agent in the browser.');
      await ask.getByRole('button', { name: 'Allow', exact: true }).click();
      const started = await allowed;
      expect(started.isError, JSON.stringify(started)).toBeFalsy();
      expect(started.structuredContent).toMatchObject({ workflow_id: 'wf_dependency_upgrade', status: 'running' });
      expect(sent).toEqual(['/mcp']);
      expect(await ask.count()).toBe(0);

      // The Try it page offers every tool with the same sign-in.
      await page.goto('/docs/try-it');
      await waitForTools(
        page,
        content().tools.map((t) => t.name),
      );
      const account = await executeTool(page, 'get_account', {});
      expect(account.isError).toBeFalsy();
      expect(account.structuredContent).toMatchObject({ scopes: expect.arrayContaining(['warden:access']) });
      expect(problems.problems).toEqual([]);
      await reader.close();
    }, 60_000);
  });

  describe("feedback on the running system: the form, the search box, the operator's page", () => {
    /** The form at the foot of `page`, its group of answers, and its live region once it says `text`. */
    const feedbackForm = (page: Page) => {
      const form = page.locator('[data-feedback]');
      return {
        form,
        answer: (name: 'Yes' | 'No') => form.getByRole('group', { name: 'Was this page helpful?' }).getByRole('button', { name }),
        saying: (text: string) => form.getByRole('status').filter({ hasText: text }),
      };
    };
    const isFocused = (locator: ReturnType<Page['locator']>) => locator.evaluate((el) => el === document.activeElement);

    it('the form sends Yes, then No and a comment on one section: each a report from the page, as the operator reads them', async () => {
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto('/docs/connect-mcp');
      const { form, answer, saying } = feedbackForm(page);
      await answer('Yes').click();
      await saying('Thanks, your answer is sent.').waitFor();
      expect(await answer('Yes').getAttribute('aria-pressed')).toBe('true');
      await answer('No').click();
      await form.locator('button[data-helpful="false"][aria-pressed="true"]').waitFor();
      expect(await answer('Yes').getAttribute('aria-pressed')).toBe('false');
      const section = (await form.locator('select[name="section"] option').nth(1).getAttribute('value'))!;
      await form
        .getByLabel('What is wrong, missing or unclear? (optional)')
        .fill('The Claude Code step names a flag the CLI no longer has.');
      await form.getByLabel('Which part of the page?').selectOption(section);
      await form.getByRole('button', { name: 'Send' }).click();
      await saying('Thanks, your comment is sent.').waitFor();
      await page.screenshot({ path: join(SHOTS, 'feedback-form.png'), fullPage: true });

      const reports = await readReports(deployment, await getOperatorToken(deployment), { page: '/docs/connect-mcp' });
      expect(reports.map(({ source, helpful, comment, section }) => ({ source, helpful, comment, section }))).toEqual([
        { source: 'page', helpful: null, comment: 'The Claude Code step names a flag the CLI no longer has.', section },
        { source: 'page', helpful: false, comment: null, section: null },
        { source: 'page', helpful: true, comment: null, section: null },
      ]);
      expect(problems.problems).toEqual([]);
      await page.close();
    });

    it('works from the keyboard: Space answers, Tab reaches the comment, the section and Send, Enter sends; focus stays put', async () => {
      const page = await context.newPage();
      await page.goto('/docs/quick-start');
      const { form, answer, saying } = feedbackForm(page);
      await answer('No').focus();
      await page.keyboard.press('Space');
      await form.locator('button[data-helpful="false"][aria-pressed="true"]').waitFor();
      await saying('Thanks, your answer is sent.').waitFor();
      expect(await isFocused(answer('No'))).toBe(true);
      await page.keyboard.press('Tab');
      expect(await isFocused(form.locator('textarea'))).toBe(true);
      await page.keyboard.type('Step 2 does not say where the token is kept.');
      await page.keyboard.press('Tab');
      const select = form.locator('select');
      expect(await isFocused(select)).toBe(true);
      await page.keyboard.press('ArrowDown');
      const section = await select.inputValue();
      expect(section).not.toBe('');
      await page.keyboard.press('Tab');
      const send = form.getByRole('button', { name: 'Send' });
      expect(await isFocused(send)).toBe(true);
      await page.keyboard.press('Enter');
      await saying('Thanks, your comment is sent.').waitFor();
      expect(await isFocused(send)).toBe(true);
      expect(await form.locator('textarea').inputValue()).toBe('');

      const reports = await readReports(deployment, await getOperatorToken(deployment), { page: '/docs/quick-start' });
      expect(reports.map(({ source, helpful, comment, section }) => ({ source, helpful, comment, section }))).toEqual([
        { source: 'page', helpful: null, comment: 'Step 2 does not say where the token is kept.', section },
        { source: 'page', helpful: false, comment: null, section: null },
      ]);
      await page.close();
    });

    it('the search box tells the edge once of a question it settled on and found nothing for: a gap', async () => {
      const page = await context.newPage();
      await page.goto('/docs/overview');
      const question = 'Zyxwv quokka marmalade';
      const asked: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname === PATHS.search) asked.push(url.searchParams.get('q') ?? '');
      });
      // Set before typing: the typing's rest may settle the question before Enter does.
      const told = page.waitForResponse((r) => new URL(r.url()).pathname === PATHS.search);
      const box = createSearchBoxDriver(page);
      await box.open();
      expect((await box.ask(question)).answers).toEqual([]);
      await page.keyboard.press('Enter');
      expect((await told).status()).toBe(200);
      // Emptying the box and closing the dialog after the same question tell nothing more.
      const closed = page.evaluate(
        () => new Promise((resolve) => document.querySelector('site-search dialog')!.addEventListener('close', resolve, { once: true })),
      );
      // The first Escape empties the search field, the second closes the dialog.
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await closed;
      expect(asked).toEqual([question]);
      const gaps = await readOperatorView<{ questions: Array<{ question: string; count: number }> }>(
        deployment,
        await getOperatorToken(deployment),
        `${PATHS.feedback}/gaps`,
      );
      expect(gaps.questions).toContainEqual(expect.objectContaining({ question: question.toLowerCase(), count: 1 }));
      await page.close();
    });

    it("the operator's page signs in through the sign-in page and draws helpful against not helpful per page", async () => {
      // Three agents' reports on a page of their own, so the bars' counts are this test's (one agent's same report
      // twice in a day would be one).
      for (const report of [
        { agent: 'Agent A', helpful: true },
        { agent: 'Agent B', helpful: true },
        { agent: 'Agent C', helpful: false, comment: 'The limits table is out of date.' },
      ]) {
        const res = await fetch(`${deployment.baseUrl}${PATHS.feedback}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ page: '/docs/limits', ...report }),
        });
        expect(res.status).toBe(202);
      }
      const reader = await browser.newContext({ baseURL: deployment.baseUrl, viewport: { width: 1280, height: 900 } });
      const page = await reader.newPage();
      const problems = watchProblems(page);
      await page.goto(PATHS.feedbackView);
      await page.getByRole('status').filter({ hasText: 'Not signed in.' }).waitFor();
      await signInWith(page, 'Sign in as operator', `${deployment.baseUrl}${PATHS.feedbackView}`, 'feedback-view-sign-in.png');
      const row = page.locator('[data-view="pages"] li', { hasText: '/docs/limits' });
      await row.waitFor();
      expect(await row.textContent()).toContain('2 helpful, 1 not helpful');
      const [yes, no] = await Promise.all(
        ['.feedback-view__yes', '.feedback-view__no'].map((bar) => row.locator(bar).evaluate((el) => el.getBoundingClientRect().width)),
      );
      expect(yes).toBeGreaterThan(0);
      expect(yes).toBeCloseTo(2 * no!, 0);
      const comment = page.locator('[data-view="comments"] li', { hasText: 'The limits table is out of date.' });
      await comment.getByRole('combobox').selectOption('resolved');
      await page.getByRole('status').filter({ hasText: 'set to resolved' }).waitFor();
      await page.screenshot({ path: join(SHOTS, 'feedback-view.png'), fullPage: true });
      const [resolved] = await readReports(deployment, await getOperatorToken(deployment), { page: '/docs/limits', status: 'resolved' });
      expect(resolved?.comment).toBe('The limits table is out of date.');
      expect(problems.problems).toEqual([]);
      await reader.close();
    });
  });

  describe('the build for that address', () => {
    it('names no other service address in any page, twin or document', () => {
      const { site } = content();
      const own = new Set([deployment.baseUrl, deployment.sandbox.url, site.cli.release_archive].map((u) => new URL(u).origin));
      // Pages, twins, llms files, JSON documents and the extension-less ones (the installer, the catalogs).
      const files = listFiles(deployment.distDir).filter(
        (f) => !/^(_astro|search-index)\//.test(f) && (/\.(html|md|txt|json|xml)$/.test(f) || !f.split('/').pop()!.includes('.')),
      );
      expect(files.length).toBeGreaterThan(80);
      const others = files.flatMap((file) => {
        const text = readFileSync(join(deployment.distDir, file), 'utf8');
        // Any address of the service's domain, or of `npm start`'s default ports, that is not this build's own.
        const local = `(?:${LOCAL.edgePort}|${LOCAL.sandboxPort})`;
        return [
          ...text.matchAll(
            new RegExp(
              `https?://(?:[a-z0-9-]+\\.)*warden\\.example(?::\\d+)?|https?://(?:127\\.0\\.0\\.1|localhost|\\[::1\\]):${local}(?!\\d)`,
              'gi',
            ),
          ),
        ]
          .map((m) => m[0])
          .filter((address) => !own.has(new URL(address).origin))
          .map((address) => `${file}: ${address}`);
      });
      expect(others).toEqual([]);
    });
  });
});
