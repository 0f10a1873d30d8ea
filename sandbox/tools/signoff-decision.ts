import type { SandboxStore, SignoffRow } from '../store/sandbox-store.ts';

/** What an approver decides on the dashboard. */
export interface SignoffVerdict {
  runId: string;
  decision: 'approved' | 'rejected';
  /** Who decided: the signed-in dashboard account. */
  by: string;
  comment: string | null;
  at: Date;
}

/**
 * Records a person's decision on an open sign-off request and writes it to the run owner's audit trail (who
 * decided, and what). The run, its approvals and its merge gate follow from the stored decision. Returns the
 * request as it was, or undefined when there is no open request for that run.
 */
export function decideSignoff(store: SandboxStore, verdict: SignoffVerdict): SignoffRow | undefined {
  const open = store.listOpenSignoffs().find((r) => r.run_id === verdict.runId);
  if (!open) return undefined;
  const at = verdict.at.toISOString();
  if (
    !store.decideSignoff({
      run_id: open.run_id,
      decision: verdict.decision,
      decided_by: verdict.by,
      decided_at: at,
      comment: verdict.comment,
    })
  )
    return undefined;
  store.appendAudit({
    subject: open.subject,
    at,
    action: `signoff.${verdict.decision}`,
    run_id: open.run_id,
    tool: null,
    outcome: null,
    detail: `Sign-off ${verdict.decision} by ${verdict.by} on the dashboard${verdict.comment ? `: ${verdict.comment}` : '.'}`,
  });
  return open;
}
