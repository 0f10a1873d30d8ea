import type { Logger } from 'pino';
import type { BuildFacts } from '../../facts/build-facts.ts';
import { applyMigrations } from '../../runtime/feedback/apply-migrations.ts';
import { COUNT_WRITE_MS, createCountWriter } from '../../runtime/feedback/count-writer.ts';
import { createFeedbackStore } from '../../runtime/feedback/feedback-store.ts';
import { createMemoryLimiter } from '../../runtime/feedback/rate-limit.ts';
import { createTally, type Tally } from '../../runtime/feedback/tally.ts';
import type { FeedbackDeps } from '../api/feedback/feedback-deps.ts';
import type { AppConfig } from '../config.ts';
import { createSqliteDriver, openFeedbackDatabase } from './sqlite-driver.ts';

/** The Node edge's feedback: its store, limiter and tally, and what stops them. */
export interface NodeFeedback {
  deps: FeedbackDeps & { tally: Tally };
  /** Writes the counts in memory now (and the daily purge when due), as the timer does. */
  write(): Promise<void>;
  /** Writes the counts still in memory, then closes the database. */
  close(): Promise<void>;
}

/**
 * Opens the feedback store in `dir` (a SQLite file, `:memory:` for none kept), applies the build's migrations, and
 * writes the counts gathered in memory every COUNT_WRITE_MS; the limits are kept in memory, per salted client key.
 */
export async function startNodeFeedback(
  config: AppConfig,
  facts: BuildFacts,
  options: { dir: string; busyTimeoutMs: number; logger?: Logger; now?: () => number },
): Promise<NodeFeedback> {
  const db = openFeedbackDatabase(options.dir, options.busyTimeoutMs);
  const driver = createSqliteDriver(db);
  try {
    await applyMigrations(driver, facts.feedback.migrations);
  } catch (error) {
    db.close();
    throw error;
  }
  const store = createFeedbackStore(driver);
  const tally = createTally();
  const writer = createCountWriter(store, tally, { retentionDays: config.feedback.retentionDays, now: options.now });
  const write = () =>
    writer
      .write()
      .catch((error: unknown) => options.logger?.error({ cause: String(error) }, 'feedback counts not written; kept for the next write'));
  const timer = setInterval(() => {
    if (writer.due()) void write();
  }, COUNT_WRITE_MS);
  timer.unref();
  return {
    deps: {
      store,
      limiter: createMemoryLimiter({ perMinute: config.feedback.perMinute, perDay: config.feedback.perDay }),
      tally,
      now: options.now,
    },
    write: () => writer.write(),
    async close() {
      clearInterval(timer);
      await write();
      db.close();
    },
  };
}
