import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUrl } from '../../facts/paths.ts';
import { BASE_URL, readTestContent } from '../helpers/built-site.ts';
import { openSite, type BrowserSite } from '../helpers/browser/browser.ts';
import { MAX_CLS, measureLayout } from '../helpers/browser/every-page-check.ts';

// The install line opens on the reader's system: PowerShell on Windows, sh elsewhere, with the other one tab away.
// Each system is emulated as its browser presents itself: user agent string, navigator.platform and the
// user-agent client hints (navigator.userAgentData), all three through Chromium's own override.

const CHROME = 'AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const SYSTEMS = {
  windows: { userAgent: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${CHROME}`, platform: 'Win32', hints: 'Windows', version: '15.0.0' },
  macos: {
    userAgent: `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) ${CHROME}`,
    platform: 'MacIntel',
    hints: 'macOS',
    version: '14.6.1',
  },
} as const;
type System = keyof typeof SYSTEMS;

const PAGES = ['/', '/docs/quick-start'];
const { cli } = (await readTestContent()).site;
const sh = `curl -fsSL ${toUrl(BASE_URL, cli.installer_path)} | sh`;
const powershell = `irm ${toUrl(BASE_URL, cli.installer_ps1_path)} | iex`;

let site: BrowserSite;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => site?.close());

/** Makes the page's browser present itself as `system` from its next navigation on. */
async function emulate(page: Page, system: System): Promise<void> {
  const s = SYSTEMS[system];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setUserAgentOverride', {
    userAgent: s.userAgent,
    platform: s.platform,
    userAgentMetadata: {
      platform: s.hints,
      platformVersion: s.version,
      architecture: 'x86',
      model: '',
      mobile: false,
      brands: [{ brand: 'Chromium', version: '140' }],
    },
  });
}

/** The install command tabs of the page: the label of the selected tab, and the code of every panel shown. */
function readInstallTabs(page: Page) {
  return page.locator('starlight-tabs').evaluateAll((sets) =>
    sets
      .filter((set) => set.textContent?.includes('/install'))
      .map((set) => ({
        selected: set.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.trim(),
        shown: [...set.querySelectorAll(':scope > [role="tabpanel"]')]
          .filter((panel) => (panel as HTMLElement).checkVisibility())
          .map((panel) => [...panel.querySelectorAll('.ec-line')].map((line) => line.textContent).join('\n')),
      })),
  );
}

describe("the install line for the reader's system", () => {
  it.each(PAGES.flatMap((path) => (['windows', 'macos'] as const).map((system) => [path, system] as const)))(
    "%s as %s: shows that system's line, the other one tab away",
    async (path, system) => {
      const context = await site.newContext();
      try {
        const page = await context.newPage();
        await emulate(page, system);
        await page.goto(path);
        const tabs = await readInstallTabs(page);
        expect(tabs.length).toBeGreaterThan(0);
        const [label, line, other] = system === 'windows' ? ['Windows', powershell, sh] : ['macOS and Linux', sh, powershell];
        for (const set of tabs) {
          expect(set.selected).toBe(label);
          expect(set.shown).toHaveLength(1);
          expect(set.shown[0]).toContain(line);
          expect(set.shown[0]).not.toContain(other);
        }
      } finally {
        await context.close();
      }
    },
  );

  it('falls back to the user agent string where the platform does not say', async () => {
    // Playwright's own option changes the string alone: navigator.platform stays this machine's.
    const context = await site.newContext({ userAgent: SYSTEMS.windows.userAgent });
    try {
      const page = await context.newPage();
      await page.goto('/docs/quick-start');
      expect((await readInstallTabs(page)).map((t) => t.selected)).toEqual(['Windows']);
    } finally {
      await context.close();
    }
  });

  it("keeps the reader's own choice: a click switches every install line and holds on the next page", async () => {
    const context = await site.newContext();
    try {
      const page = await context.newPage();
      await emulate(page, 'windows');
      await page.goto('/');
      const before = await readInstallTabs(page);
      expect(before.length).toBeGreaterThan(1);
      await page.getByRole('tab', { name: 'macOS and Linux' }).first().click();
      for (const set of await readInstallTabs(page))
        expect(set).toEqual({ selected: 'macOS and Linux', shown: [expect.stringContaining(sh)] });
      await page.goto('/docs/quick-start');
      expect((await readInstallTabs(page)).map((t) => t.selected)).toEqual(['macOS and Linux']);
      // And back, by keyboard, as Starlight's tabs allow.
      await page.getByRole('tab', { name: 'macOS and Linux' }).focus();
      await page.keyboard.press('ArrowRight');
      expect(await readInstallTabs(page)).toEqual([{ selected: 'Windows', shown: [expect.stringContaining(powershell)] }]);
    } finally {
      await context.close();
    }
  });

  it.each(PAGES.flatMap((path) => [390, 1280].map((width) => [path, width] as const)))(
    '%s as Windows at %i px: nothing wider than its container and no layout shift from the choice',
    async (path, width) => {
      const context = await site.newContext({ viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        await emulate(page, 'windows');
        const { status, cls, shifts, overflow } = await measureLayout(page, path);
        expect(status).toBe(200);
        expect(overflow).toEqual([]);
        expect(cls, JSON.stringify(shifts)).toBeLessThan(MAX_CLS);
        expect((await readInstallTabs(page)).every((t) => t.selected === 'Windows')).toBe(true);
      } finally {
        await context.close();
      }
    },
  );
});
