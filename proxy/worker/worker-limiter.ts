import { toDay } from '../../runtime/feedback/client-key.ts';
import type { FeedbackStore } from '../../runtime/feedback/feedback-store.ts';
import { DAY_MS, type FeedbackLimiter, MINUTE_MS, toRetryAfter } from '../../runtime/feedback/rate-limit.ts';

/** The Workers rate-limit binding (wrangler.jsonc `ratelimits`): counts a key against its `simple` limit and period. */
export interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** Whether a binding is a Workers rate limiter (what `env.FEEDBACK_RATE_LIMIT` should be). */
export const isRateLimitBinding = (value: unknown): value is RateLimitBinding =>
  typeof (value as RateLimitBinding | undefined)?.limit === 'function';

/**
 * The worker's limits, keyed by the day's client key as on Node (runtime/feedback/rate-limit.ts): the minute by the
 * rate-limit binding, whose periods are 10 and 60 seconds only, and the day by the client's count in the store, so
 * every isolate sees it. The minute is asked first, so a burst is refused without a write to the store; Retry-After
 * runs to the end of the window refused, as on Node.
 */
export function createWorkerLimiter(minute: RateLimitBinding, store: Pick<FeedbackStore, 'countQuota'>, perDay: number): FeedbackLimiter {
  return {
    async take(client, now) {
      if (!(await minute.limit({ key: client })).success) return { allowed: false, retryAfter: toRetryAfter(now, MINUTE_MS) };
      if ((await store.countQuota(toDay(now), client)) > perDay) return { allowed: false, retryAfter: toRetryAfter(now, DAY_MS) };
      return { allowed: true };
    },
  };
}
