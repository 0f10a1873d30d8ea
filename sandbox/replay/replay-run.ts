import type { CannedRun, Workflow } from '../../content-model/schemas/canned-run.ts';
import { atOffset, type SignoffState } from './signoff-state.ts';

/** A run to replay: its id, who started it and when. */
export interface ReplayedRun {
  id: string;
  workflow_id: string;
  started_at: string;
  started_by: string;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Seconds since the run started, as the replay clock. */
function elapsed(run: ReplayedRun, now: Date): number {
  return (now.getTime() - Date.parse(run.started_at)) / 1000;
}

/** The offset at which the replay has nothing left to do but wait for sign-off (the review). */
function replayEnd(c: CannedRun): number {
  return Math.max(c.review.offset_s, ...c.steps.map((s) => s.offset_s));
}

/** A run's status: running during the replay, then awaiting_signoff until a human approves (get_run `status`). */
export function toRunStatus(c: CannedRun, wf: Workflow, run: ReplayedRun, signoff: SignoffState, now: Date) {
  if (elapsed(run, now) < replayEnd(c)) return 'running' as const;
  if (wf.requires_signoff && signoff.status !== 'approved') return 'awaiting_signoff' as const;
  return 'completed' as const;
}

/** Money spent by the steps reached so far. */
export function toSpentUsd(c: CannedRun, run: ReplayedRun, now: Date): number {
  const t = elapsed(run, now);
  return round(c.steps.filter((s) => s.offset_s <= t).reduce((sum, s) => sum + s.cost_usd, 0));
}

/** The get_run result: jail, steps, blocked action and spend against budget at `now`. */
export function toRunView(c: CannedRun, wf: Workflow, run: ReplayedRun, signoff: SignoffState, now: Date) {
  const t = elapsed(run, now);
  const steps = c.steps.map((s, i) => {
    const next = c.steps[i + 1];
    const reached = s.offset_s <= t;
    const running = reached && next !== undefined && next.offset_s > t;
    const status = !reached ? 'pending' : s.id === c.blocked_action.step_id ? 'blocked' : running ? 'running' : 'completed';
    return { id: s.id, name: s.name, status, at: reached ? atOffset(run.started_at, s.offset_s) : null, cost_usd: s.cost_usd };
  });
  const b = c.blocked_action;
  const spent = toSpentUsd(c, run, now);
  return {
    run_id: run.id,
    workflow_id: run.workflow_id,
    status: toRunStatus(c, wf, run, signoff, now),
    started_at: run.started_at,
    started_by: run.started_by,
    harness: wf.harness,
    model: wf.model,
    jail: { id: c.jail.id, boundary: c.jail.boundary, network_allowlist: c.jail.network_allowlist },
    steps,
    blocked_action:
      b.offset_s <= t
        ? { step_id: b.step_id, at: atOffset(run.started_at, b.offset_s), action: b.action, rule: b.rule, reason: b.reason }
        : null,
    spend: { budget_usd: wf.budget_usd, spent_usd: spent, remaining_usd: round(Math.max(0, wf.budget_usd - spent)) },
  };
}

/** The get_approvals result: the review once the replay reaches it, and the sign-off state. */
export function toApprovals(c: CannedRun, wf: Workflow, run: ReplayedRun, signoff: SignoffState, now: Date) {
  const done = c.review.offset_s <= elapsed(run, now);
  return {
    run_id: run.id,
    review: {
      status: done ? c.review.verdict : ('pending' as const),
      reviewer: c.review.reviewer,
      at: done ? atOffset(run.started_at, c.review.offset_s) : null,
      summary: done ? c.review.summary : null,
      findings: done ? c.review.findings : [],
    },
    signoff: { required: wf.requires_signoff, ...signoff },
  };
}

/** The get_merge_gate result: recorded checks as reached, plus the human sign-off check when required. */
export function toMergeGate(c: CannedRun, wf: Workflow, run: ReplayedRun, signoff: SignoffState, now: Date) {
  const t = elapsed(run, now);
  const checks = c.merge_gate.checks.map((k) => ({
    name: k.name,
    status: k.offset_s > t ? 'pending' : k.passed ? 'passed' : 'failed',
    detail: k.offset_s > t ? 'Not reached yet.' : k.detail,
  }));
  if (wf.requires_signoff) {
    const status = signoff.status === 'approved' ? 'passed' : signoff.status === 'rejected' ? 'failed' : 'pending';
    const detail =
      signoff.status === 'not_requested'
        ? 'No sign-off requested yet; call request_signoff.'
        : signoff.status === 'requested'
          ? `Sign-off requested from ${signoff.approver}.`
          : `${signoff.approver} ${signoff.status} the run.`;
    checks.push({ name: 'human_signoff', status, detail });
  }
  const lastStep = c.steps[c.steps.length - 1]!;
  return {
    run_id: run.id,
    pull_request: lastStep.offset_s <= t ? c.merge_gate.pull_request : null,
    status: checks.some((k) => k.status === 'failed') ? 'blocked' : checks.every((k) => k.status === 'passed') ? 'open' : 'pending',
    checks,
    blocking: checks.filter((k) => k.status !== 'passed').map((k) => k.name),
  };
}
