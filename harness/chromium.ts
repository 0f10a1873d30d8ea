import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium headless shell, with nothing that phones home: how tests and benchmarks start a browser. It is
 * Chromium's own headless build (package chromium-headless-shell, what Playwright runs for headless by default): the
 * same Blink, V8 and Skia as /usr/bin/chromium without the browser's UI layer, so a page lays out, shifts, scripts and
 * answers axe the same, and each new context and page costs the browser process a fraction of the full browser's work.
 */
export const CHROMIUM_OPTIONS = {
  executablePath: '/usr/bin/chromium-headless-shell',
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
