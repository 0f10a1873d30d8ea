/** Whether one more report is allowed now, and if not, how many seconds until it would be. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfter: number };

/** Counts a client's reports against its limits: a minute and a UTC day (content/site.yaml `feedback`). */
export interface FeedbackLimiter {
  take(client: string, now: number): Promise<RateDecision>;
}

/** The limits' fixed windows, in milliseconds: the minute, and the UTC day. */
export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** Seconds from `now` to the end of the fixed window of `size` milliseconds it falls in (at least one). */
export const toRetryAfter = (now: number, size: number): number => Math.max(1, Math.ceil((size - (now % size)) / 1000));

/**
 * Both limits in this process's memory, in fixed windows (the minute, the UTC day), keyed by the day's client key: the
 * Node edge's limiter. Yesterday's keys are dropped when the day turns, so the table holds one day's clients at most;
 * a restart forgets the counts (the operations page says so).
 */
export function createMemoryLimiter(limits: { perMinute: number; perDay: number }): FeedbackLimiter {
  let day = -1;
  const clients = new Map<string, { minute: number; inMinute: number; inDay: number }>();
  return {
    async take(client, now) {
      const today = Math.floor(now / DAY_MS);
      if (today !== day) {
        clients.clear();
        day = today;
      }
      const minute = Math.floor(now / MINUTE_MS);
      const seen = clients.get(client) ?? { minute, inMinute: 0, inDay: 0 };
      if (seen.minute !== minute) {
        seen.minute = minute;
        seen.inMinute = 0;
      }
      if (seen.inDay >= limits.perDay) return { allowed: false, retryAfter: toRetryAfter(now, DAY_MS) };
      if (seen.inMinute >= limits.perMinute) return { allowed: false, retryAfter: toRetryAfter(now, MINUTE_MS) };
      seen.inMinute += 1;
      seen.inDay += 1;
      clients.set(client, seen);
      return { allowed: true };
    },
  };
}
