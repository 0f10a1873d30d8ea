import type { CannedRun } from '../../content-model/schemas/canned-run.ts';
import { atOffset, type SignoffState } from './signoff-state.ts';
import type { ReplayedRun } from './replay-run.ts';

/** One audit-trail event (get_audit_trail `events[]`). */
export interface AuditEvent {
  id: string;
  at: string;
  actor: string;
  action: string;
  run_id: string | null;
  tool: string | null;
  outcome: 'ok' | 'error' | null;
  detail: string;
}

/** The recorded events a replayed run has reached at `now`, plus its recorded sign-off decision, if any. */
export function toRunEvents(c: CannedRun, run: ReplayedRun, signoff: SignoffState, now: Date): AuditEvent[] {
  const events: AuditEvent[] = c.events
    .map((e, i) => ({
      id: `${run.id}-ev${i}`,
      at: atOffset(run.started_at, e.offset_s),
      actor: e.actor,
      action: e.action,
      run_id: run.id,
      tool: null,
      outcome: null,
      detail: e.detail,
    }))
    .filter((e) => Date.parse(e.at) <= now.getTime());
  // The decision recorded in the canned run, for the demo run only; requests made through request_signoff and
  // decisions made on the dashboard are stored events of their own.
  if (run.id === c.demo_run.id && signoff.decided_at && signoff.approver) {
    events.push({
      id: `${run.id}-signoff`,
      at: signoff.decided_at,
      actor: signoff.approver,
      action: `signoff.${signoff.status}`,
      run_id: run.id,
      tool: null,
      outcome: null,
      detail: signoff.comment ?? `Sign-off ${signoff.status}.`,
    });
  }
  return events;
}
