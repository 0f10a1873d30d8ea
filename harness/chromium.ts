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

/** Starts Debian's Chromium with CHROMIUM_OPTIONS. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM_OPTIONS);
}
