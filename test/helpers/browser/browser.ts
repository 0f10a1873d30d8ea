import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { launchChromium } from '../../../harness/chromium.ts';
import { DIST } from '../built-site.ts';
import type { Listening } from '../../../proxy/node/listen.ts';
import { serveBuild } from './serve-build.ts';

/** The build under test: .test-dist (made by the global setup), or WARDEN_BROWSER_DIST to try another build. */
export const SITE_DIR = process.env.WARDEN_BROWSER_DIST ? resolve(process.env.WARDEN_BROWSER_DIST) : DIST;

/** A browser and the edge server serving the build, for one test file. */
export interface BrowserSite {
  browser: Browser;
  server: Listening;
  newContext(options?: Parameters<Browser['newContext']>[0]): Promise<BrowserContext>;
  close(): Promise<void>;
}

/** Starts the edge server on the build and Chromium; `close` stops both. */
export async function openSite(): Promise<BrowserSite> {
  const server = await serveBuild(SITE_DIR);
  const browser = await launchChromium();
  return {
    browser,
    server,
    newContext: (options) => browser.newContext({ baseURL: server.url, ...options }),
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** What went wrong while a page loaded: console errors, uncaught exceptions, failed or 4xx/5xx requests. */
export interface PageProblems {
  problems: string[];
}

/**
 * Records every console error, page error and failed request of a page from now on. A request the browser aborted
 * because the page went on to another document (a favicon still loading when a test goes to the next page) is the
 * navigation's doing, not the page's: it is not counted. Chromium cancels such a request when the next document's
 * navigation starts or when that document commits, and the old document may still start one (its favicon) after the
 * navigation's request went out: an abort is the navigation's when either happened since the request started.
 */
export function watchProblems(page: Page): PageProblems {
  const record: PageProblems = { problems: [] };
  // Main-frame navigation requests sent, and main-frame documents committed, so far.
  let sent = 0;
  let committed = 0;
  const startedAt = new WeakMap<Request, string>();
  const now = () => `${sent}/${committed}`;
  // A new document's request is sent before the old document's loads are cancelled, so it is counted first.
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) sent++;
    startedAt.set(r, now());
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) committed++;
  });
  page.on('console', (m) => m.type() === 'error' && record.problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => record.problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => {
    const error = r.failure()?.errorText ?? '';
    if (error === 'net::ERR_ABORTED' && startedAt.get(r) !== now()) return;
    record.problems.push(`failed: ${r.url()} ${error}`);
  });
  page.on('response', (r) => r.status() >= 400 && record.problems.push(`HTTP ${r.status()}: ${r.url()}`));
  return record;
}

/**
 * Follows a page's requests from now on; `settled()` resolves once none is in flight (each finished or failed, a
 * redirect finishing the request it replaces), which is the event a load waits for, not a quiet period.
 */
export function watchRequests(page: Page): { settled(): Promise<void> } {
  const open = new Set<Request>();
  let waiting: Array<() => void> = [];
  const end = (request: Request) => {
    open.delete(request);
    if (open.size > 0) return;
    for (const wake of waiting) wake();
    waiting = [];
  };
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return { settled: () => (open.size === 0 ? Promise.resolve() : new Promise<void>((wake) => waiting.push(wake))) };
}
