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
    const open = page.locator('button[data-open-modal]');
    await expect.poll(() => open.isEnabled()).toBe(true);
    await open.click();
    const input = page.locator('#starlight__search input');
    await input.waitFor({ timeout: 10_000 });
    await input.fill('get_merge_gate');
    const result = page.locator('.pagefind-ui__result-link', { hasText: 'get_merge_gate' }).first();
    await result.waitFor({ timeout: 10_000 });
    // Pagefind indexes the built files, so with build.format "file" its links end in .html; both forms serve the page.
    expect((await result.getAttribute('href'))?.replace(/\.html$/, '')).toBe('/docs/tools/get_merge_gate');
    await result.click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('get_merge_gate');
    await context.close();
  });
});
