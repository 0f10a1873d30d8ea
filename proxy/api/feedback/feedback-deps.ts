import type { FeedbackStore } from '../../../runtime/feedback/feedback-store.ts';
import type { FeedbackLimiter } from '../../../runtime/feedback/rate-limit.ts';

/** What the feedback routes write to and count with, per runtime: node:sqlite and memory on Node, D1 and bindings in the worker. */
export interface FeedbackDeps {
  store: FeedbackStore;
  limiter: FeedbackLimiter;
  /** Milliseconds since the epoch; tests freeze it. */
  now?: () => number;
}
