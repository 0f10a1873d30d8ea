import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite, type BrowserSite } from './browser.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => site?.close());

describe('search (Pagefind through Starlight)', () => {
  it('finds a tool by its name and links its reference page', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await page.goto('/docs/overview');
    // The click waits until Starlight's script has enabled the button (Playwright's actionability checks).
    await page.locator('button[data-open-modal]').click();
    // Pagefind's UI mounts its input once the page is idle after DOMContentLoaded, then loads its index on the first search.
    const input = page.locator('#starlight__search input');
    await input.fill('get_merge_gate');
    const result = page.locator('.pagefind-ui__result-link', { hasText: 'get_merge_gate' }).first();
    const href = await result.getAttribute('href');
    // Pagefind indexes the built files, so with build.format "file" its links end in .html; both forms serve the page.
    expect(href?.replace(/\.html$/, '')).toBe('/docs/tools/get_merge_gate');
    // The click returns once the navigation commits, before the new document is parsed: wait for that document's
    // DOMContentLoaded, not for a time, and only then read its heading.
    await result.click();
    await page.waitForURL(`**${href}`, { waitUntil: 'domcontentloaded' });
    expect(await page.locator('h1').textContent()).toBe('get_merge_gate');
    await context.close();
  });
});
