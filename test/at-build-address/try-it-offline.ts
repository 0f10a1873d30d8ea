import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../harness/chromium.ts';
import type { Listening } from '../../proxy/node/listen.ts';
import { BASE_URL, DIST } from '../helpers/built-site.ts';
import { serveBuild } from '../helpers/browser/serve-build.ts';

// The test build's pages served from another loopback port while nothing listens at the addresses the build names
// (its base URL and hosted origin: test/at-build-address holds those ports for one suite at a time).
let browser: Browser;
let offline: Listening;
describe('Try it offline', () => {
  beforeAll(async () => {
    browser = await launchChromium();
    offline = await serveBuild(DIST);
  });
  afterAll(async () => {
    await browser?.close();
    await offline?.close();
  });

  const statusSaying = (page: Page, text: string) => page.locator('[data-try-it] [data-status]', { hasText: text });

  describe('Try it when the service cannot be reached', () => {
    it('says so plainly when sending, and when signing in', async () => {
      const page = await (await browser.newContext({ baseURL: offline.url })).newPage();
      await page.goto('/docs/reference/get-health');
      await page.getByRole('button', { name: 'Send request' }).click();
      const unreachable = `Could not reach ${BASE_URL}: the service is not running, or not reachable from this browser. Nothing came back.`;
      await statusSaying(page, unreachable).waitFor();
      expect(await page.locator('[data-try-it] [data-status]').textContent()).toBe(unreachable);
      expect(await page.locator('[data-try-it] [data-response]').isHidden()).toBe(true);
      await page.goto('/docs/tools/get_account');
      await page.getByRole('button', { name: 'Sign in to try' }).click();
      const noSignIn = `The service at ${BASE_URL} is not reachable from this browser, so signing in is not possible right now.`;
      await statusSaying(page, noSignIn).waitFor();
      expect(await page.locator('[data-try-it] [data-status]').textContent()).toBe(noSignIn);
      expect(new URL(page.url()).pathname).toBe('/docs/tools/get_account');
    });
  });
});
