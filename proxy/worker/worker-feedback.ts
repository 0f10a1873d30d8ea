import { createCountWriter } from '../../runtime/feedback/count-writer.ts';
import { createFeedbackStore } from '../../runtime/feedback/feedback-store.ts';
import { createTally, type Tally } from '../../runtime/feedback/tally.ts';
import type { FeedbackDeps } from '../api/feedback/feedback-deps.ts';
import { type AppConfig, ConfigError } from '../config.ts';
import { createD1Driver, isD1Binding } from './d1-driver.ts';
import { createWorkerLimiter, isRateLimitBinding } from './worker-limiter.ts';

/** The names of the feedback bindings in wrangler.jsonc: the D1 database, and the rate limiter of the minute limit. */
export const FEEDBACK_BINDINGS = { store: 'FEEDBACK', minute: 'FEEDBACK_RATE_LIMIT' } as const;

/** What `fetch` receives as its third argument: work the platform lets finish after the answer is sent. */
export interface WaitUntil {
  waitUntil(promise: Promise<unknown>): void;
}

/** The worker's feedback: the routes' store, limiter and tally, and the write of the counts an answer may leave due. */
export interface WorkerFeedback {
  deps: FeedbackDeps & { tally: Tally };
  /** After a request: when the counts in memory are due (runtime/feedback/count-writer.ts), their write, left to finish after the answer. */
  afterRequest(ctx: WaitUntil): void;
}

/**
 * The feedback of one isolate from its bindings: the store over D1, the limits over the rate-limit binding and D1,
 * and a tally of this isolate's counts, written by the first request after each interval (no write per request).
 * No D1 binding, no feedback (the routes answer 503); a D1 binding without its rate limiter is a misconfiguration.
 * The schema is wrangler's to apply (`wrangler d1 migrations apply`): a missing table is a store failure, 503.
 */
export function createWorkerFeedback(config: AppConfig, bindings: Record<string, unknown>): WorkerFeedback | undefined {
  const db = bindings[FEEDBACK_BINDINGS.store];
  const minute = bindings[FEEDBACK_BINDINGS.minute];
  if (db === undefined) return undefined;
  if (!isD1Binding(db)) {
    throw new ConfigError(
      `Invalid environment:\n  ${FEEDBACK_BINDINGS.store}: not a D1 database binding (wrangler.jsonc \`d1_databases\`)`,
    );
  }
  if (!isRateLimitBinding(minute)) {
    throw new ConfigError(
      `Invalid environment:\n  ${FEEDBACK_BINDINGS.minute}: no rate-limit binding for the feedback store's minute limit (wrangler.jsonc \`ratelimits\`)`,
    );
  }
  const store = createFeedbackStore(createD1Driver(db));
  const tally = createTally();
  const writer = createCountWriter(store, tally, { retentionDays: config.feedback.retentionDays });
  return {
    deps: { store, limiter: createWorkerLimiter(minute, store, config.feedback.perDay), tally },
    afterRequest(ctx) {
      if (!writer.due()) return;
      // A failed write keeps its counts for the next one (createCountWriter); the log says why it failed.
      ctx.waitUntil(
        writer.write().catch((error: unknown) => console.error(`feedback counts not written; kept for the next write: ${String(error)}`)),
      );
    },
  };
}
