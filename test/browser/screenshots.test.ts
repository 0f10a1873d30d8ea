import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite, type BrowserSite } from '../helpers/browser/browser.ts';

/** Kept out of git (.gitignore: test-output/); CI may keep them as artifacts. */
const OUT = resolve('test-output/screenshots');
const SHOTS = [
  ['home', '/', 1280],
  ['home-390', '/', 390],
  ['reference-post-mcp', '/docs/reference/post-mcp', 1280],
  ['connect-mcp', '/docs/connect-mcp', 1280],
  ['connect-mcp-390', '/docs/connect-mcp', 390],
  ['tool-get-run-390', '/docs/tools/get_run', 390],
  ['demo', '/docs/demo', 1280],
] as const;

let site: BrowserSite;
beforeAll(async () => {
  site = await openSite();
  mkdirSync(OUT, { recursive: true });
});
afterAll(async () => site?.close());

describe('screenshots', () => {
  it.each(SHOTS)('%s (%s at %i px)', async (name, path, width) => {
    const context = await site.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'networkidle' });
    const file = join(OUT, `${name}.png`);
    const png = await page.screenshot({ path: file, fullPage: true });
    expect(png.length).toBeGreaterThan(10_000);
    await context.close();
  });
});
