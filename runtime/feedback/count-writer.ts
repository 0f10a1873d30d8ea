import { toDay } from './client-key.ts';
import type { FeedbackStore } from './feedback-store.ts';
import type { Tally } from './tally.ts';

/** How often the counts in memory are written: the operator's view is never more than this behind. */
export const COUNT_WRITE_MS = 30_000;
const DAY = 86_400_000;

/**
 * Writes the tally's counts to the store in one batch, and once a day deletes what is past the retention period: the
 * one write path of counts, on a timer on Node and after a request in the worker (`due`). A write that fails puts its
 * counts back for the next one, so a store that is down for a while loses nothing while the process lives.
 */
export function createCountWriter(store: FeedbackStore, tally: Tally, options: { retentionDays: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  let lastWrite = now();
  let lastPurge = -Infinity;
  let writing: Promise<void> | undefined;
  const write = async () => {
    lastWrite = now();
    const batch = tally.take();
    try {
      await store.addCounts(batch);
    } catch (error) {
      tally.restore(batch);
      throw error;
    }
    if (lastWrite - lastPurge >= DAY) {
      lastPurge = lastWrite;
      await store.purge(toDay(lastWrite - options.retentionDays * DAY), toDay(lastWrite));
    }
  };
  return {
    /** Whether a write is due: the interval has passed and there is something to write, or the daily purge is due. */
    due: () => !writing && now() - lastWrite >= COUNT_WRITE_MS && (tally.size > 0 || now() - lastPurge >= DAY),
    /** Writes now (one write at a time: a second call joins the one under way). */
    write(): Promise<void> {
      writing ??= write().finally(() => {
        writing = undefined;
      });
      return writing;
    },
  };
}
