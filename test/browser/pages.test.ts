import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { listFiles, toPagePathOfHtmlFile } from '../../runtime/node/list-files.ts';
import { SITE_DIR, openSite, watchProblems, type BrowserSite } from './browser.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const pages = listFiles(SITE_DIR).filter((f) => f.endsWith('.html')).map(toPagePathOfHtmlFile);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

let site: BrowserSite;
let context: BrowserContext;
beforeAll(async () => {
  site = await openSite();
  context = await site.newContext();
});
afterAll(async () => site?.close());

describe('every page in a real browser', () => {
  it('covers the generated reference pages too', () => {
    expect(pages).toEqual(expect.arrayContaining(['/', '/docs/demo', '/docs/reference/get-health', '/docs/tools/get_run']));
  });

  it.each(pages)('%s loads with no console error and no failed request, and has no serious or critical axe violation', async (path) => {
    const page = await context.newPage();
    try {
      const watch = watchProblems(page);
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      expect(watch.problems).toEqual([]);
      // Expressive Code makes overflowing code blocks keyboard-focusable from a ResizeObserver after an idle
      // callback; scan once the page's own script has done that, not before.
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.expressive-code pre')].every((pre) => pre.scrollWidth <= pre.clientWidth || pre.hasAttribute('tabindex')),
      );
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
        return (await axe.run()).violations;
      });
      const severe = (violations as AxeViolation[])
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
      expect(severe).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
