import type { CannedRun } from '../../content-model/schemas/canned-run.ts';
import type { SignoffRow } from '../store/sandbox-store.ts';

/** Where a run's human sign-off stands (get_approvals `signoff`, without `required`). */
export interface SignoffState {
  status: 'not_requested' | 'requested' | 'approved' | 'rejected';
  approver: string | null;
  requested_at: string | null;
  decided_at: string | null;
  comment: string | null;
}

/** Adds seconds to an ISO time. */
export function atOffset(startedAt: string, offsetS: number): string {
  return new Date(Date.parse(startedAt) + offsetS * 1000).toISOString();
}

/** The recorded demo run's sign-off: requested after the review, decided by the recorded approver. */
export function toRecordedSignoff(run: CannedRun): SignoffState {
  const start = run.demo_run.started_at;
  return {
    status: run.signoff.decision,
    approver: run.signoff.approver,
    requested_at: atOffset(start, run.review.offset_s),
    decided_at: atOffset(start, run.signoff.offset_s),
    comment: run.signoff.comment,
  };
}

/**
 * A replayed run's sign-off: not requested; requested (request_signoff recorded it); or decided by the person
 * who approved or rejected it on the dashboard, with their comment.
 */
export function toRequestedSignoff(row: SignoffRow | undefined): SignoffState {
  if (!row) return { status: 'not_requested', approver: null, requested_at: null, decided_at: null, comment: null };
  if (row.decision)
    return {
      status: row.decision,
      approver: row.decided_by ?? row.approver,
      requested_at: row.requested_at,
      decided_at: row.decided_at ?? null,
      comment: row.comment ?? null,
    };
  return { status: 'requested', approver: row.approver, requested_at: row.requested_at, decided_at: null, comment: row.note };
}
