import type { CannedRun, Workflow } from '../content-model/schemas/canned-run.ts';

/** One moment of the recorded run, as the demo timeline shows it. */
export interface TimelineEntry {
  offset_s: number;
  at: string;
  kind: 'step' | 'blocked' | 'review' | 'signoff' | 'gate';
  title: string;
  /** What happened beyond the title; empty for a plain step. */
  detail: string;
  step_id?: string;
  cost_usd?: number;
}

/** One check of the merge gate (the recorded checks plus human sign-off when the workflow requires it). */
export interface GateCheck {
  name: string;
  passed: boolean;
  detail: string;
}

/** The finished recorded run, shaped for the demo page (the end state that get_run, get_approvals, get_merge_gate and get_audit_trail report). */
export interface DemoRunView {
  cannedRun: CannedRun;
  workflow: Workflow;
  /** The run's final status, as get_run reports it once the replay is over. */
  status: 'awaiting_signoff' | 'completed';
  timeline: TimelineEntry[];
  spend: { budget_usd: number; spent_usd: number; remaining_usd: number; percent: number };
  gate: { open: boolean; pull_request: string; checks: GateCheck[] };
  audit: Array<{ at: string; actor: string; action: string; detail: string }>;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Adds seconds to an ISO time. */
function atOffset(startedAt: string, offsetS: number): string {
  return new Date(Date.parse(startedAt) + offsetS * 1000).toISOString();
}

/** `2026-10-20T10:00:06.000Z` → `10:00:06`: the UTC clock time of an ISO instant. */
export function toClock(iso: string): string {
  return iso.slice(11, 19);
}

/** Builds the demo page's view of the recorded run from the same content the sandbox replays. */
export function toDemoRun(run: CannedRun, workflow: Workflow): DemoRunView {
  const start = run.demo_run.started_at;
  const at = (s: number) => atOffset(start, s);
  const blocked = run.blocked_action;
  const steps: TimelineEntry[] = run.steps.map((s) => ({
    offset_s: s.offset_s,
    at: at(s.offset_s),
    kind: s.id === blocked.step_id ? 'blocked' : 'step',
    title: s.name,
    detail: s.id === blocked.step_id ? `Blocked: ${blocked.action} (rule ${blocked.rule}). ${blocked.reason}` : '',
    step_id: s.id,
    cost_usd: s.cost_usd,
  }));
  const checks: GateCheck[] = run.merge_gate.checks.map((c) => ({ name: c.name, passed: c.passed, detail: c.detail }));
  if (workflow.requires_signoff) {
    checks.push({
      name: 'human_signoff',
      passed: run.signoff.decision === 'approved',
      detail: `${run.signoff.approver} ${run.signoff.decision} the run.`,
    });
  }
  const open = checks.every((c) => c.passed);
  const gateAt = Math.max(run.signoff.offset_s, ...run.merge_gate.checks.map((c) => c.offset_s));
  const outcomes: TimelineEntry[] = [
    {
      offset_s: run.review.offset_s,
      at: at(run.review.offset_s),
      kind: 'review',
      title: `Review ${run.review.verdict.replace('_', ' ')} by ${run.review.reviewer}`,
      detail: run.review.summary,
    },
    {
      offset_s: run.signoff.offset_s,
      at: at(run.signoff.offset_s),
      kind: 'signoff',
      title: `Sign-off ${run.signoff.decision} by ${run.signoff.approver}`,
      detail: run.signoff.comment,
    },
    {
      offset_s: gateAt,
      at: at(gateAt),
      kind: 'gate',
      title: open ? 'Merge gate open' : 'Merge gate blocked',
      detail: run.merge_gate.pull_request,
    },
  ];
  const timeline = [...steps, ...outcomes].sort((a, b) => a.offset_s - b.offset_s);
  const spent = round(run.steps.reduce((sum, s) => sum + s.cost_usd, 0));
  const budget = workflow.budget_usd;
  // Oldest first, as get_audit_trail reports it (stable: at equal times the sign-off follows the events).
  const audit = [
    ...run.events.map((e) => ({ at: at(e.offset_s), actor: e.actor, action: e.action, detail: e.detail })),
    { at: at(run.signoff.offset_s), actor: run.signoff.approver, action: `signoff.${run.signoff.decision}`, detail: run.signoff.comment },
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return {
    cannedRun: run,
    workflow,
    status: workflow.requires_signoff && run.signoff.decision !== 'approved' ? 'awaiting_signoff' : 'completed',
    timeline,
    spend: {
      budget_usd: budget,
      spent_usd: spent,
      remaining_usd: round(Math.max(0, budget - spent)),
      percent: Math.min(100, Math.round((spent / budget) * 100)),
    },
    gate: { open, pull_request: run.merge_gate.pull_request, checks },
    audit,
  };
}
