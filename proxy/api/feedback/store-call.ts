import { HTTPError } from 'h3';
import type { Errors } from '../../../facts/problem.ts';
import { createProblemError } from '../../errors/http-errors.ts';

/** Seconds a client is asked to wait before sending again when the store cannot be written. */
export const STORE_RETRY_AFTER_SECONDS = 30;

/**
 * A store call whose failure (locked, read-only, full, unreachable) becomes a 503 `feedback_store_unavailable` with
 * Retry-After: a report is acknowledged only once it is committed, so the client keeps it and sends it again. The
 * cause goes to the operator's log, never to the client.
 */
export async function callStore<T>(errors: Errors, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HTTPError) throw error;
    throw createProblemError(errors, 'feedback_store_unavailable', {
      headers: { 'retry-after': String(STORE_RETRY_AFTER_SECONDS) },
      cause: error,
    });
  }
}
