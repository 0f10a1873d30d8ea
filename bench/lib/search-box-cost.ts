import { launchChromium } from '../../harness/chromium.ts';
import { createSearchBoxDriver } from '../../harness/search/create-search-box-driver.ts';
import type { RankedAnswer } from '../../harness/search/score-ranking.ts';
import { serveStatic } from '../../harness/static-host.ts';
import type { Listening } from '../../proxy/node/listen.ts';

/** What the search box cost the browser over a question set. */
export interface SearchBoxCost {
  /** Bytes (bodies as sent) a page view fetches for search before anyone searches. */
  pageViewBytes: number;
  /** From opening the dialog to the first question's results: bytes, requests and time. */
  first: { bytes: number; requests: number; ms: number };
  /** Each later question: bytes and time, per question. */
  later: { bytes: number[]; ms: number[] };
  answers: RankedAnswer[][];
}

/** A static host over a build, counting what it sends. */
export interface CountingHost extends Listening {
  /** The answers since the last call: each path and its body's bytes as sent (the brotli variant when asked for). */
  take(): Array<{ path: string; bytes: number }>;
}

/** Serves a build as a plain static host does (harness/static-host.ts), so both boxes read the same files the same way. */
export async function serveStaticBuild(dir: string): Promise<CountingHost> {
  let sent: Array<{ path: string; bytes: number }> = [];
  // The server sees every fetch, the page's and its workers' alike.
  const listening = await serveStatic(dir, (path, bytes) => sent.push({ path, bytes }));
  return {
    ...listening,
    take() {
      const taken = sent;
      sent = [];
      return taken;
    },
  };
}

/** The files of a page view that are search's: the box's own script, the engine and the index. */
const isSearchFile = (path: string) => /^\/search-index\/|^\/_astro\/(Search\.astro|search-engine\.)/.test(path);

/**
 * Types each question into the search box of a built site served by `host`, in one page (no reload), and counts what
 * the host sent for search (body bytes as sent) and the time from typing to the results shown: for the page view
 * before search (search's own files), the first question (everything from opening the dialog) and each later one.
 * The browser's cache is on, as in a real session: a later question may reuse what an earlier one fetched.
 */
export async function measureSearchBox(host: CountingHost, queries: readonly string[]): Promise<SearchBoxCost> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${host.url}/docs/overview`, { waitUntil: 'networkidle' });
    const view = host.take().filter((a) => isSearchFile(a.path));
    const box = createSearchBoxDriver(page);
    const started = performance.now();
    await box.open();
    const firstAnswer = await box.ask(queries[0]!);
    const ms = performance.now() - started;
    const firstTaken = host.take();
    const sum = (answers: Array<{ bytes: number }>) => answers.reduce((n, a) => n + a.bytes, 0);
    const later: SearchBoxCost['later'] = { bytes: [], ms: [] };
    const answers = [firstAnswer.answers];
    for (const q of queries.slice(1)) {
      const { answers: shown, ms: took } = await box.ask(q);
      answers.push(shown);
      later.bytes.push(sum(host.take()));
      later.ms.push(took);
    }
    return {
      pageViewBytes: sum(view),
      first: { bytes: sum(firstTaken), requests: firstTaken.length, ms },
      later,
      answers,
    };
  } finally {
    await browser.close();
  }
}
