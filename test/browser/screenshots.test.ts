import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite, type BrowserSite } from './browser.ts';

/** Kept out of git (.gitignore: test-output/); CI may keep them as artifacts. */
const OUT = resolve('test-output/screenshots');
const SHOTS = [
  ['home', '/'],
  ['reference-post-mcp', '/docs/reference/post-mcp'],
  ['connect-mcp', '/docs/connect-mcp'],
  ['demo', '/docs/demo'],
] as const;

let site: BrowserSite;
beforeAll(async () => {
  site = await openSite();
  mkdirSync(OUT, { recursive: true });
});
afterAll(async () => site?.close());

describe('screenshots', () => {
  it.each(SHOTS)('%s (%s)', async (name, path) => {
    const context = await site.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'networkidle' });
    const file = join(OUT, `${name}.png`);
    const png = await page.screenshot({ path: file, fullPage: true });
    expect(png.length).toBeGreaterThan(10_000);
    await context.close();
  });
});
