import type { Page } from 'playwright-core';
import type { RankedAnswer } from './score-ranking.ts';

/** Drives the docs' search box of a loaded page (src/components/Search.astro) in a test or benchmark, as a person uses it. */
export interface SearchBoxDriver {
  /** Opens the dialog with its keyboard shortcut; the input then has focus. */
  open(): Promise<void>;
  /** Types `q` into the box (replacing what was there) and reads the results it shows, in order; with the time until they showed. */
  ask(q: string): Promise<{ answers: RankedAnswer[]; ms: number }>;
}

/** `/docs/cli#warden-mcp` → path `/docs/cli`, fragment `warden-mcp`. */
export function toRankedAnswer(href: string): RankedAnswer {
  const url = new URL(href, 'http://x');
  return { path: url.pathname, fragment: url.hash ? decodeURIComponent(url.hash.slice(1)) : null };
}

/**
 * A driver of the search box of `page`: results are read once the box marks that it shows the answer to the words
 * typed (`data-results` on `<site-search>`), never after a wait.
 */
export function createSearchBoxDriver(page: Page): SearchBoxDriver {
  const input = page.locator('site-search dialog input[name="q"]');
  // Resolves with the links the list shows once it shows the answer to `text` (a mutation of the attribute, not a poll).
  const readShown = (text: string) =>
    page.evaluate(
      (q) =>
        new Promise<string[]>((resolve) => {
          const host = document.querySelector('site-search')!;
          const read = () => {
            if (host.getAttribute('data-results') !== q) return false;
            observer.disconnect();
            resolve([...host.querySelectorAll('#site-search-results a')].map((a) => a.getAttribute('href') ?? ''));
            return true;
          };
          const observer = new MutationObserver(read);
          if (!read()) observer.observe(host, { attributes: true, attributeFilter: ['data-results'] });
        }),
      text,
    );
  return {
    async open() {
      await page.locator('button[data-open-modal]:not([disabled])').waitFor();
      await page.keyboard.press('Control+k');
      await input.waitFor({ state: 'visible' });
    },
    async ask(q) {
      const started = performance.now();
      await input.fill(q);
      const hrefs = await readShown(q);
      return { answers: hrefs.map(toRankedAnswer), ms: performance.now() - started };
    },
  };
}
