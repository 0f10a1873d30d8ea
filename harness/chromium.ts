import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, headless, with nothing that phones home: how tests and benchmarks start a browser. */
export const CHROMIUM_OPTIONS = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/** Chromium's WebMCP (document.modelContext), off by default: what an agent in the browser uses. */
export const WEBMCP_FLAG = '--enable-features=WebMCP';

/** Starts Debian's Chromium with CHROMIUM_OPTIONS, and `args` besides (WEBMCP_FLAG, a DevTools port). */
export function launchChromium(args: string[] = []): Promise<Browser> {
  return chromium.launch({ ...CHROMIUM_OPTIONS, args: [...CHROMIUM_OPTIONS.args, ...args] });
}
