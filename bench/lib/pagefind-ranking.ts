import { launchChromium } from '../../harness/chromium.ts';
import type { RankedAnswer } from '../../harness/search/score-ranking.ts';

/** What one Pagefind result gives in the page (pagefind.js's `data()`), the parts the ranking needs. */
interface PagefindData {
  url: string;
  sub_results: Array<{ url: string; weighted_locations?: Array<{ balanced_score: number }> }>;
}

/** `/docs/cli.html#warden-mcp` → path `/docs/cli`, fragment `warden-mcp`: the public form of a Pagefind URL. */
function toAnswer(url: string, fragmentUrl: string | undefined): RankedAnswer {
  const path =
    url
      .replace(/#.*$/, '')
      .replace(/(^|\/)index\.html$/, '$1')
      .replace(/\.html$/, '') || '/';
  const hash = fragmentUrl?.split('#')[1];
  // Pagefind names a page's text before its first heading `_top`, the page itself.
  return { path: path.length > 1 ? path.replace(/\/$/, '') : path, fragment: hash && hash !== '_top' ? decodeURIComponent(hash) : null };
}

/**
 * Pagefind's own ranking of each query over a built site served at `origin`, as the docs' search box runs it: Debian's
 * Chromium loads a page, imports `/pagefind/pagefind.js` and calls `pagefind.search(q)`. A result's section is its
 * sub-result whose matched words weigh most (Pagefind lists sub-results in page order, unranked).
 */
export async function rankWithPagefind(origin: string, queries: readonly string[], limit = 10): Promise<RankedAnswer[][]> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/docs/overview`, { waitUntil: 'domcontentloaded' });
    const results = await page.evaluate(
      async ({ queries, limit }) => {
        const pagefind = await import(/* @vite-ignore */ `${location.origin}/pagefind/pagefind.js`);
        await pagefind.init();
        const out: PagefindData[][] = [];
        for (const q of queries) {
          const search = await pagefind.search(q);
          out.push(await Promise.all(search.results.slice(0, limit).map((r: { data(): Promise<PagefindData> }) => r.data())));
        }
        return out;
      },
      { queries: [...queries], limit },
    );
    return results.map((list) =>
      list.map((data) => {
        const weight = (s: PagefindData['sub_results'][number]) => (s.weighted_locations ?? []).reduce((n, l) => n + l.balanced_score, 0);
        const best = data.sub_results.reduce<PagefindData['sub_results'][number] | undefined>(
          (top, s) => (!top || weight(s) > weight(top) ? s : top),
          undefined,
        );
        return toAnswer(data.url, best?.url);
      }),
    );
  } finally {
    await browser.close();
  }
}
