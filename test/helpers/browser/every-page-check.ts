import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { listFiles, toPagePathOfHtmlFile } from '../../../runtime/node/list-files.ts';
import { findSevereAxeViolations } from './axe.ts';
import { SITE_DIR, openSite, watchProblems, watchRequests, type BrowserSite } from './browser.ts';

// Every page loaded in Chromium at a given width: no console error or failed request, nothing wider than its
// container, no sideways page scroll, a cumulative layout shift below 0.05, and (at one width) axe-core's serious and
// critical rules. At a phone's width the CPU is slowed four times, as a mid-range phone
// is, so the browser paints long pages before they have fully arrived (where layout shifts come from); a laptop's
// CPU is taken as it is.
const cpuSlowdownAt = (width: number): number => (width < 800 ? 4 : 1);
/** The highest CLS a page may have (Chrome's "good" is 0.1). */
export const MAX_CLS = 0.05;

type Shift = { value: number; time: number; sources: string[] };

/** Records layout shifts from the first paint on (PerformanceObserver, Layout Instability API). */
function recordShifts(): void {
  const w = window as unknown as { __shifts: Shift[]; __takeShifts(): Shift[] };
  w.__shifts = [];
  const keep = (entries: PerformanceEntryList) => {
    for (const e of entries as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }>) {
      if (e.hadRecentInput) continue;
      const sources = (e.sources ?? []).map((s) =>
        s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${[...s.node.classList].join('.')}` : String(s.node?.nodeName),
      );
      w.__shifts.push({ value: e.value, time: e.startTime, sources });
    }
  };
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ type: 'layout-shift', buffered: true });
  // Entries not yet delivered to the callback are taken at once, so a reading misses no shift already laid out.
  w.__takeShifts = () => {
    keep(observer.takeRecords());
    return w.__shifts;
  };
}

/**
 * Resolves once the page has settled as a reader sees it, from its load event on: its fonts loaded (a font swap
 * shifts text) and two more frames painted, so every layout the load caused has run and its shifts are recorded.
 */
function settle(): Promise<void> {
  return document.fonts.ready.then(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** CLS as Chrome and Lighthouse define it: the largest session window of shifts (gaps under 1 s, at most 5 s). */
export function toCls(shifts: Array<{ value: number; time: number }>): number {
  let worst = 0;
  let window = 0;
  let start = 0;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.time - last > 1000 || s.time - start > 5000) {
      window = 0;
      start = s.time;
    }
    window += s.value;
    last = s.time;
    worst = Math.max(worst, window);
  }
  return worst;
}

/** Elements wider than their container, content hidden or scrolled sideways, and sideways page scroll. */
function findOverflow(): string[] {
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList]
      .slice(0, 2)
      .map((c) => `.${c}`)
      .join('')}`;
  const problems: string[] = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) problems.push(`the page scrolls sideways: ${root.scrollWidth}px in ${root.clientWidth}px`);
  const shown = (el: Element) => {
    const style = getComputedStyle(el);
    return style.display !== 'none' && style.visibility !== 'hidden' && !el.closest('[hidden], dialog:not([open]), .sr-only');
  };
  // The block a box must fit in: the nearest ancestor laid out as a block, not an inline run or display: contents.
  const containerOf = (el: Element) => {
    let parent = el.parentElement;
    while (parent && /^(inline|contents)$/.test(getComputedStyle(parent).display)) parent = parent.parentElement;
    return parent;
  };
  for (const el of document.body.querySelectorAll('*')) {
    if (!shown(el)) continue;
    const style = getComputedStyle(el);
    if (style.position === 'fixed' || style.position === 'absolute' || (style.display.startsWith('inline') && el.tagName !== 'IMG'))
      continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (/auto|scroll|hidden|clip/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`${name(el)}: content ${el.scrollWidth}px wide in ${el.clientWidth}px`);
    }
    const container = containerOf(el);
    if (!container || container === document.body) continue;
    const outer = container.getBoundingClientRect();
    // A negative margin is a deliberate bleed (Starlight gives focus rings room that way), not an overflow.
    const [left, right] = [box.left - Math.min(0, parseFloat(style.marginLeft)), box.right + Math.min(0, parseFloat(style.marginRight))];
    if (right > outer.right + 1 || left < outer.left - 1) {
      problems.push(`${name(el)} (${Math.round(box.width)}px) overflows ${name(container)} (${Math.round(outer.width)}px)`);
    }
  }
  return problems;
}

/** Loads a page with the CPU slowed as on a device of the viewport's width and measures its layout shift and overflow. */
export async function measureLayout(page: Page, path: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdownAt(page.viewportSize()?.width ?? 0) });
  await page.addInitScript(recordShifts);
  const requests = watchRequests(page);
  const response = await page.goto(path, { waitUntil: 'load' });
  await page.evaluate(settle);
  await requests.settled();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const shifts = await page.evaluate(() => (window as unknown as { __takeShifts(): Shift[] }).__takeShifts());
  return { status: response?.status(), cls: toCls(shifts), shifts, overflow: await page.evaluate(findOverflow) };
}

/** What is checked of every page besides its layout: axe-core's serious and critical rules (at one width suffices). */
export interface EveryPageChecks {
  axe?: boolean;
}

/**
 * Declares the test of every built page at one viewport width (one file per width, so they run side by side), one
 * load each: it answers 200 with no console error, page error or failed request, nothing is wider than its container,
 * nothing scrolls sideways, its CLS is below MAX_CLS, with `axe` it has no serious or critical violation, and, WebMCP
 * being off in this browser, none of the WebMCP tools' code loads.
 */
export function describeEveryPageAt(width: number, checks: EveryPageChecks = {}): void {
  const pages = listFiles(SITE_DIR)
    .filter((f) => f.endsWith('.html'))
    .map(toPagePathOfHtmlFile);
  let site: BrowserSite;
  beforeAll(async () => {
    site = await openSite();
  });
  afterAll(async () => site?.close());

  // Pages load side by side (vitest's maxConcurrency at a time, each in a fresh context of its own): most of a load is
  // the browser waiting on paint, fonts and the network, and one page at a time left both cores idle for most of it.
  // Not with the CPU slowed: Chromium slows a page by making its main thread spin for (rate - 1) times the wall time
  // it ran, every 200 µs, busy or idle (blink's ThreadCPUThrottler), so each slowed page holds most of a core while it
  // loads; several at once took the cores from each other and from every other file, and each load lasted longer.
  const together = cpuSlowdownAt(width) === 1 ? describe.concurrent : describe;
  together(`every page at ${width} px wide`, () => {
    it('covers the generated reference pages too', ({ expect }) => {
      expect(pages).toEqual(expect.arrayContaining(['/', '/docs/demo', '/docs/reference/get-health', '/docs/tools/get_run']));
    });

    const title = `%s: loads cleanly, nothing wider than its container, no sideways scroll, CLS below ${MAX_CLS}${checks.axe ? ', no serious or critical axe violation' : ''}`;
    it.for(pages)(title, async (path, { expect }) => {
      const context = await site.newContext({ viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        const watch = watchProblems(page);
        const requested: string[] = [];
        page.on('request', (r) => requested.push(r.url()));
        const { status, cls, shifts, overflow } = await measureLayout(page, path);
        expect(status).toBe(200);
        expect(watch.problems).toEqual([]);
        expect(overflow).toEqual([]);
        expect(cls, JSON.stringify(shifts)).toBeLessThan(MAX_CLS);
        if (checks.axe) expect(await findSevereAxeViolations(page)).toEqual([]);
        // This Chromium has WebMCP off: the page registers nothing and loads none of its tools' code.
        expect(await page.evaluate(() => 'modelContext' in document)).toBe(false);
        expect(requested.filter((url) => /\/register-webmcp\./.test(url))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}
