import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL } from '../helpers/built-site.ts';
import { openSite, type BrowserSite } from '../helpers/browser/browser.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => site?.close());

const twin = `${BASE_URL}/docs/tools/get_run.md`;
const prompt = encodeURIComponent(`Read ${twin} so I can ask questions about it.`);
const mcp = `${BASE_URL}/mcp`;

describe('"Use with AI" menu', () => {
  it('opens to links that name the twin or the MCP endpoint in each documented format, and moves nothing when opened', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await page.goto('/docs/tools/get_run');
    const menu = page.locator('.page-actions__menu');
    const before = await page.locator('.sl-markdown-content').boundingBox();
    await menu.getByText('Use with AI').click();
    // Playwright waits for the details element to have opened.
    await page.locator('.page-actions__menu[open]').waitFor();
    expect(await page.locator('.sl-markdown-content').boundingBox()).toEqual(before);
    const href = (name: string) => menu.getByRole('link', { name }).getAttribute('href');
    expect(await href('Open in ChatGPT')).toBe(`https://chatgpt.com/?q=${prompt}`);
    expect(await href('Open in Claude')).toBe(`https://claude.ai/new?q=${prompt}`);
    expect(await href('Open in Perplexity')).toBe(`https://www.perplexity.ai/search?q=${prompt}`);
    const cursor = new URL((await href('Connect to Cursor'))!);
    expect(cursor.protocol + cursor.host + cursor.pathname).toBe('cursor:anysphere.cursor-deeplink/mcp/install');
    expect(cursor.searchParams.get('name')).toBe('warden');
    expect(JSON.parse(atob(cursor.searchParams.get('config')!))).toEqual({ url: mcp });
    const vscode = (await href('Connect to VS Code'))!;
    expect(vscode.startsWith('vscode:mcp/install?')).toBe(true);
    expect(JSON.parse(decodeURIComponent(vscode.slice('vscode:mcp/install?'.length)))).toEqual({ name: 'warden', type: 'http', url: mcp });
    const text = await menu.textContent();
    expect(text).toContain(`claude mcp add --transport http warden ${mcp}`);
    expect(text).toContain(`npx add-mcp ${mcp}`);
    await context.close();
  });
});

describe('identifiers in reference tables at 1280 px', () => {
  it.each(['/docs/tools/get_run', '/docs/tools/start_run', '/docs/reference/get-health', '/docs/errors'])(
    '%s: no identifier in a table cell breaks inside a word',
    async (path) => {
      const context = await site.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(path);
      // A code element's text laid out on several lines: each line must end at a break point the build put there
      // (after _ . / :) or at a space, never between two letters or digits.
      const broken = await page.evaluate(() => {
        const found: string[] = [];
        for (const code of document.querySelectorAll<HTMLElement>('.sl-markdown-content td code, .sl-markdown-content th code')) {
          const text = code.textContent ?? '';
          const range = document.createRange();
          let lastTop: number | undefined;
          // Walk characters across text nodes and note where the line changes.
          const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
          let previous = '';
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const value = node.textContent ?? '';
            for (let i = 0; i < value.length; i++) {
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const rect = range.getClientRects()[0];
              if (!rect) continue;
              if (lastTop !== undefined && rect.top > lastTop + 2 && /[A-Za-z0-9]/.test(previous) && /[A-Za-z0-9]/.test(value[i]!))
                found.push(text);
              lastTop = rect.top;
              previous = value[i]!;
            }
          }
        }
        return found;
      });
      expect(broken).toEqual([]);
      await context.close();
    },
  );
});
