import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type BrowserServer } from 'playwright-core';
import { CHROMIUM_OPTIONS } from '../../../harness/chromium.ts';

/** What the browser saw during one sign-in (written by open-in-chromium.ts). */
export interface BrowserRun {
  opened: string;
  decision: 'continue' | 'cancel';
  signInPage?: string;
  title?: string;
  /** The sign-in page's first line: which client asks. */
  asks?: string;
  /** Where the browser went after the decision: the client's callback, with `code` or `error`. */
  returnedTo?: string;
  /** What the client's callback page said. */
  clientPage?: string;
  error?: string;
  problems: string[];
  otherOrigins: string[];
}

/** A person at a browser, for clients that open one: the environment that points them at it, and what they saw. */
export interface BrowserHook {
  /**
   * Environment for a client process: a fresh HOME (with `scratch` inside it for the client's own state) and no
   * desktop, so that `open`/xdg-open falls back to `$BROWSER`, which is open-in-chromium.ts.
   */
  env(decision?: 'continue' | 'cancel'): Record<string, string>;
  home: string;
  /** How many sign-ins the browser finished so far. */
  count(): number;
  /** The sign-ins finished so far after the first `after`, without waiting: for a failing test's message. */
  seen(after: number): BrowserRun[];
  /** The sign-ins after the first `after`, once there are `expected` of them (the browser logs last). */
  runsAfter(after: number, expected?: number): Promise<BrowserRun[]>;
}

const NODE = resolve('node_modules/.bin/node');
const SCRIPT = resolve('test/helpers/clients/open-in-chromium.ts');
/** Variables by which xdg-open would pick a desktop's own opener instead of $BROWSER. */
const DESKTOP = [
  'DISPLAY',
  'WAYLAND_DISPLAY',
  'XDG_CURRENT_DESKTOP',
  'DESKTOP_SESSION',
  'KDE_FULL_SESSION',
  'GNOME_DESKTOP_SESSION_ID',
  'DBUS_SESSION_BUS_ADDRESS',
];

const readRuns = (log: string): BrowserRun[] =>
  existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as BrowserRun)
    : [];

/** Starts one headless Chromium for the test file and the `$BROWSER` command that drives it; stops it after. */
export function useBrowserHook(): BrowserHook {
  const home = mkdtempSync(join(tmpdir(), 'warden-client-home-'));
  const log = join(home, 'browser.log');
  const command = join(home, 'open-in-chromium');
  let server: BrowserServer | undefined;
  beforeAll(async () => {
    server = await chromium.launchServer(CHROMIUM_OPTIONS);
    writeFileSync(command, `#!/bin/sh\nexec '${NODE}' '${SCRIPT}' "$1"\n`);
    chmodSync(command, 0o755);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(home, { recursive: true, force: true });
  });
  return {
    home,
    env(decision = 'continue') {
      if (!server) throw new Error('the browser is used before beforeAll started it');
      const env: Record<string, string> = {};
      for (const [name, value] of Object.entries(process.env)) if (value !== undefined && !DESKTOP.includes(name)) env[name] = value;
      return {
        ...env,
        HOME: home,
        BROWSER: command,
        WARDEN_CHROMIUM_ENDPOINT: server.wsEndpoint(),
        WARDEN_SIGN_IN_DECISION: decision,
        WARDEN_BROWSER_LOG: log,
      };
    },
    count: () => readRuns(log).length,
    seen: (after) => readRuns(log).slice(after),
    async runsAfter(after, expected = 1) {
      // Woken by each change in HOME (the log is appended there), watched before the first look so none is missed.
      await new Promise<void>((done) => {
        const check = () => {
          if (readRuns(log).length < after + expected) return;
          watcher.close();
          done();
        };
        const watcher = watch(home, check);
        check();
      });
      return readRuns(log).slice(after);
    },
  };
}
