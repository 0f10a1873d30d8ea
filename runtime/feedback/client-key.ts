import type { FeedbackStore } from './feedback-store.ts';
import { toSha256 } from './digest.ts';

/** The UTC day of a time, `YYYY-MM-DD`. */
export const toDay = (now: number): string => new Date(now).toISOString().slice(0, 10);

/**
 * A client's key for one day: a hash of that day's salt (kept in the store, the same for every process and isolate)
 * and its address. The address is never kept; once the day's salt is purged, its keys cannot be linked to anyone.
 */
export function createClientKeys(store: Pick<FeedbackStore, 'saltOf'>): (address: string, now: number) => Promise<string> {
  let cached: { day: string; salt: Promise<string> } | undefined;
  return async (address, now) => {
    const day = toDay(now);
    if (cached?.day !== day) {
      const salt = store.saltOf(day);
      cached = { day, salt };
      // A failed read is not kept: the next report asks again.
      salt.catch(() => {
        if (cached?.salt === salt) cached = undefined;
      });
    }
    return (await toSha256(`${await cached.salt}\n${address}`)).slice(0, 22);
  };
}
