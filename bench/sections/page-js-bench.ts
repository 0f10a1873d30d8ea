import type { Browser, Page } from 'playwright-core';
import { launchChromium, WEBMCP_FLAG } from '../../harness/chromium.ts';
import { num, toTable } from '../lib/report.ts';

/** Pages of each kind: the home page, a docs page, a tool page (its Try it panel and tool) and the Try it page. */
const PAGES = ['/', '/docs/overview', '/docs/tools/get_run', '/docs/try-it'];
/** The WebMCP check every page loads, and what it loads where WebMCP exists (src/components/webmcp/). */
const WEBMCP_FILES = /\/_astro\/(WebMcp\.astro[^/]*|register-webmcp\.[^/]*)\.js$/;

interface Loaded {
  scripts: number;
  /** Script bytes as they came over the wire (brotli or gzip where the edge had a variant). */
  bytes: number;
  webmcpBytes: number;
}

/** Loads `path` in a fresh context (an empty cache) and adds up the scripts it fetched, with its WebMCP tools registered if it has them, once idle. */
async function loadScripts(browser: Browser, baseUrl: string, path: string, webmcp: boolean): Promise<Loaded> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page: Page = await context.newPage();
  const responses: Promise<{ url: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script')
      responses.push(request.sizes().then((s) => ({ url: request.url(), bytes: s.responseBodySize })));
  });
  await page.goto(path, { waitUntil: 'load' });
  if (webmcp) {
    // The tools are registered once the module the check loads has run: wait for the first toolchange, or find them there.
    await page.evaluate(async () => {
      const context = document.modelContext!;
      const changed = new Promise((resolve) => context.addEventListener('toolchange', resolve, { once: true }));
      if ((await context.getTools()).some((t) => t.name === 'read_docs_page')) return;
      await changed;
    });
  }
  // Starlight loads its search UI once the browser is idle: both kinds of browser are measured past that point.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(responses);
  await context.close();
  return {
    scripts: scripts.length,
    bytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
    webmcpBytes: scripts.filter((s) => WEBMCP_FILES.test(s.url)).reduce((sum, s) => sum + s.bytes, 0),
  };
}

/** The JavaScript a page fetches with an empty cache, in Chromium without WebMCP and with it (`--enable-features=WebMCP`). */
export async function benchPageJs(baseUrl: string): Promise<string> {
  const rows: (string | number)[][] = [];
  const [plain, agentic] = [await launchChromium(), await launchChromium([WEBMCP_FLAG])];
  try {
    for (const path of PAGES) {
      const without = await loadScripts(plain, baseUrl, path, false);
      const withTools = await loadScripts(agentic, baseUrl, path, true);
      rows.push([
        path,
        `${without.scripts} / ${num(without.bytes)}`,
        num(without.webmcpBytes),
        `${withTools.scripts} / ${num(withTools.bytes)}`,
        `+${withTools.scripts - without.scripts} / +${num(withTools.bytes - without.bytes)}`,
      ]);
    }
  } finally {
    await Promise.all([plain.close(), agentic.close()]);
  }
  return [
    '## Page JavaScript',
    '',
    'Scripts a page fetches with an empty cache (Chromium, through the Node edge; bytes as sent, brotli where the build has a variant), in a browser without WebMCP and in one with it (`--enable-features=WebMCP`, where the page registers its tools). Measured once the page is idle and its network quiet (Starlight loads its search UI when idle). Inline scripts are part of the HTML and not counted. "WebMCP check": the bytes of the pages\' WebMCP files a browser without WebMCP fetches (the check that `document.modelContext` exists).',
    '',
    toTable(
      ['page', 'without WebMCP: scripts / bytes', 'of which the WebMCP check', 'with WebMCP: scripts / bytes', 'added by the tools'],
      rows,
    ),
  ].join('\n');
}
