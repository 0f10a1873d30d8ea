import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_DIR, openSite, type BrowserSite } from '../helpers/browser/browser.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => site?.close());

describe('page actions', () => {
  it.each(['/docs/tools/get_run', '/'])('%s: "Copy page as Markdown" puts the twin on the clipboard', async (path) => {
    const context = await site.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.goto(path);
    // The status's first words after the click are the copy's outcome, caught as the DOM changes.
    await page.locator('.page-actions__status').evaluate((status) => {
      (status as HTMLElement & { outcome?: Promise<string> }).outcome = new Promise((resolve) => {
        new MutationObserver(() => status.textContent && resolve(status.textContent)).observe(status, {
          childList: true,
          characterData: true,
          subtree: true,
        });
      });
    });
    await page.getByRole('button', { name: 'Copy page as Markdown' }).click();
    expect(
      await page.locator('.page-actions__status').evaluate((status) => (status as HTMLElement & { outcome?: Promise<string> }).outcome),
    ).toBe('Copied');
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    const twin = readFileSync(join(SITE_DIR, path === '/' ? 'index.md' : `${path}.md`), 'utf8');
    expect(clipboard).toBe(twin);
    await context.close();
  });

  it('"Open as Markdown" and llms.txt link to the twin and the index, outside the twin and the search index', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await page.goto('/docs/connect-mcp');
    const actions = page.locator('.page-actions');
    expect(await actions.getByRole('link', { name: 'Open as Markdown' }).getAttribute('href')).toBe('/docs/connect-mcp.md');
    expect(await actions.getByRole('link', { name: 'llms.txt' }).getAttribute('href')).toBe('/llms.txt');
    expect(await page.locator('.sl-markdown-content .page-actions').count()).toBe(0);
    const twin = readFileSync(join(SITE_DIR, 'docs/connect-mcp.md'), 'utf8');
    expect(twin).not.toMatch(/Copy page as Markdown|Open as Markdown/);
    await context.close();
  });
});
