import { brotliCompressSync, constants } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, WEBMCP_FLAG } from '../../harness/chromium.ts';
import { num, toTable } from '../lib/report.ts';

/** Pages of each kind: the home page, a docs page, a tool page (its Try it panel and tool) and the Try it page. */
const PAGES = ['/', '/docs/overview', '/docs/tools/get_run', '/docs/try-it'];
/** The WebMCP check every page loads, and what it loads where WebMCP exists (src/components/webmcp/). */
const WEBMCP_FILES = /\/_astro\/(WebMcp\.astro[^/]*|register-webmcp\.[^/]*)\.js$/;
/** The feedback form's loader, the one script of the form a page fetches before anyone uses it (src/components/feedback/). */
const FEEDBACK_LOADER = /\/_astro\/(Feedback\.astro[^/]*|edge\.[^/]*)\.js$/;

interface Loaded {
  scripts: number;
  /** Script bytes as they came over the wire (brotli or gzip where the edge had a variant). */
  bytes: number;
  webmcpBytes: number;
  /** The feedback form's loader as sent, plus its inline edge check in the head as brotli would send it. */
  feedbackBytes: number;
}

/** Brotli's size of a text at the quality the build precompresses with (src/integrations/precompress.ts). */
const toBrotliBytes = (text: string) =>
  brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;

/** The head's inline check of whether an edge answered the page (the one inline script that reads serverTiming). */
const readEdgeCheck = (page: Page) =>
  page.evaluate(
    () => [...document.querySelectorAll('head script:not([src])')].find((s) => s.textContent?.includes('serverTiming'))?.textContent ?? '',
  );

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
  const edgeCheck = await readEdgeCheck(page);
  await context.close();
  const sum = (files: RegExp) => scripts.filter((s) => files.test(s.url)).reduce((total, s) => total + s.bytes, 0);
  return {
    scripts: scripts.length,
    bytes: scripts.reduce((total, s) => total + s.bytes, 0),
    webmcpBytes: sum(WEBMCP_FILES),
    feedbackBytes: sum(FEEDBACK_LOADER) + (edgeCheck ? toBrotliBytes(edgeCheck) : 0),
  };
}

/**
 * What the feedback form's first use adds: the scripts a docs page fetches once focus enters the form (the loader
 * imports the module then, before any click), bytes as sent.
 */
async function loadFeedbackModule(browser: Browser, baseUrl: string): Promise<{ scripts: number; bytes: number }> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto('/docs/overview', { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // By address: the module's own imports come as module preloads, requested with it; each is read once it finished.
  const sizes: Promise<number>[] = [];
  page.on('request', (request) => {
    if (/\/_astro\/[^/]+\.js$/.test(request.url()))
      sizes.push(
        request
          .response()
          .then((response) => response?.finished())
          .then(() => request.sizes())
          .then((s) => s.responseBodySize),
      );
  });
  const module = page.waitForEvent('requestfinished', (request) => /\/_astro\/feedback-form\.[^/]*\.js$/.test(request.url()));
  await page.locator('[data-feedback] button').first().focus();
  await module;
  const bytes = await Promise.all(sizes);
  await context.close();
  return { scripts: bytes.length, bytes: bytes.reduce((total, b) => total + b, 0) };
}

/** The JavaScript a page fetches with an empty cache, in Chromium without WebMCP and with it (`--enable-features=WebMCP`). */
export async function benchPageJs(baseUrl: string): Promise<string> {
  const rows: (string | number)[][] = [];
  const [plain, agentic] = [await launchChromium(), await launchChromium([WEBMCP_FLAG])];
  let firstUse: { scripts: number; bytes: number };
  try {
    for (const path of PAGES) {
      const without = await loadScripts(plain, baseUrl, path, false);
      const withTools = await loadScripts(agentic, baseUrl, path, true);
      rows.push([
        path,
        `${without.scripts} / ${num(without.bytes)}`,
        num(without.webmcpBytes),
        num(without.feedbackBytes),
        `${withTools.scripts} / ${num(withTools.bytes)}`,
        `+${withTools.scripts - without.scripts} / +${num(withTools.bytes - without.bytes)}`,
      ]);
    }
    firstUse = await loadFeedbackModule(plain, baseUrl);
  } finally {
    await Promise.all([plain.close(), agentic.close()]);
  }
  return [
    '## Page JavaScript',
    '',
    'Scripts a page fetches with an empty cache (Chromium, through the Node edge; bytes as sent, brotli where the build has a variant), in a browser without WebMCP and in one with it (`--enable-features=WebMCP`, where the page registers its tools). Measured once the page is idle and its network quiet (Starlight loads its search UI when idle). Inline scripts are part of the HTML and not counted, but for the feedback form\'s. "WebMCP check": the bytes of the pages\' WebMCP files a browser without WebMCP fetches (the check that `document.modelContext` exists). "Feedback form until used": the form\'s loader as sent plus the head\'s inline edge check as brotli sends it (budget: 1,024 bytes).',
    '',
    toTable(
      [
        'page',
        'without WebMCP: scripts / bytes',
        'of which the WebMCP check',
        'feedback form until used',
        'with WebMCP: scripts / bytes',
        'added by the tools',
      ],
      rows,
    ),
    '',
    `The feedback form's first use (focus entering it imports its module): +${firstUse.scripts} scripts, +${num(firstUse.bytes)} bytes as sent, on /docs/overview.`,
  ].join('\n');
}
