import { describe, expect, it } from 'vitest';
import { getContentDir, readContent, readSandboxContent } from '../../../content-model/read-content.ts';
import type { CannedRun, Workflow } from '../../../content-model/schemas/canned-run.ts';
import { toClock, toDemoRun } from '../../../documents/to-demo-run.ts';

const { cannedRun, workflows } = readSandboxContent(getContentDir());
const workflow = workflows.find((w) => w.id === cannedRun.workflow_id)!;
const view = toDemoRun(cannedRun, workflow);
const start = Date.parse(cannedRun.demo_run.started_at);
const inOrder = (times: string[]) => times.every((t, i) => i === 0 || Date.parse(times[i - 1]!) <= Date.parse(t));

describe('toDemoRun (the recorded run)', () => {
  it('lays the timeline out in time order, each entry at its offset from the start, ending at the merge gate', () => {
    expect(inOrder(view.timeline.map((e) => e.at))).toBe(true);
    for (const e of view.timeline) expect(Date.parse(e.at) - start).toBe(e.offset_s * 1000);
    expect(view.timeline.filter((e) => e.step_id).map((e) => e.step_id)).toEqual(cannedRun.steps.map((s) => s.id));
    expect(view.timeline.at(-1)).toMatchObject({ kind: 'gate', title: 'Merge gate open', detail: cannedRun.merge_gate.pull_request });
  });

  it('marks exactly the blocked step, saying what was blocked and by which rule', () => {
    const blocked = view.timeline.filter((e) => e.kind === 'blocked');
    expect(blocked).toHaveLength(1);
    expect(blocked[0]!.step_id).toBe(cannedRun.blocked_action.step_id);
    expect(blocked[0]!.detail).toContain(cannedRun.blocked_action.action);
    expect(blocked[0]!.detail).toContain(`rule ${cannedRun.blocked_action.rule}`);
    expect(view.timeline.filter((e) => e.kind === 'step').every((e) => e.detail === '')).toBe(true);
  });

  it('sums the spend of the canned steps, as get_run reports it, against the workflow budget', () => {
    const sum = cannedRun.steps.reduce((s, x) => s + x.cost_usd, 0);
    expect(view.spend.spent_usd).toBeCloseTo(sum, 10);
    expect(view.timeline.reduce((s, e) => s + (e.cost_usd ?? 0), 0)).toBeCloseTo(sum, 10);
    const getRun = readContent(getContentDir(), {}).tools.find((t) => t.name === 'get_run')!;
    const { percent, ...spend } = view.spend;
    expect(spend).toEqual(getRun.example.result.spend);
    expect(percent).toBe(Math.round((view.spend.spent_usd / workflow.budget_usd) * 100));
  });

  it('opens the gate on passed checks plus the human sign-off, and completes the run', () => {
    expect(view.gate.checks.map((c) => c.name)).toEqual([...cannedRun.merge_gate.checks.map((c) => c.name), 'human_signoff']);
    expect(view.gate.open).toBe(true);
    expect(view.status).toBe('completed');
  });

  it('lists the audit trail oldest first, ending with the sign-off decision', () => {
    expect(inOrder(view.audit.map((a) => a.at))).toBe(true);
    expect(view.audit.at(-1)).toMatchObject({ actor: cannedRun.signoff.approver, action: 'signoff.approved' });
  });
});

describe('toDemoRun (edge cases)', () => {
  const run = (over: Partial<CannedRun>): CannedRun => ({ ...cannedRun, ...over });
  const wf = (over: Partial<Workflow>): Workflow => ({ ...workflow, ...over });

  it('keeps the gate blocked and the run awaiting sign-off when the sign-off is rejected', () => {
    const v = toDemoRun(run({ signoff: { ...cannedRun.signoff, decision: 'rejected' } }), workflow);
    expect(v.gate.open).toBe(false);
    expect(v.gate.checks.find((c) => c.name === 'human_signoff')?.passed).toBe(false);
    expect(v.timeline.at(-1)?.title).toBe('Merge gate blocked');
    expect(v.status).toBe('awaiting_signoff');
  });

  it('adds no sign-off check when the workflow needs none', () => {
    const v = toDemoRun(run({ signoff: { ...cannedRun.signoff, decision: 'rejected' } }), wf({ requires_signoff: false }));
    expect(v.gate.checks.some((c) => c.name === 'human_signoff')).toBe(false);
    expect(v.status).toBe('completed');
  });

  it('caps an overspent budget at 0 remaining and 100 percent', () => {
    expect(toDemoRun(cannedRun, wf({ budget_usd: 1 })).spend).toMatchObject({ remaining_usd: 0, percent: 100 });
  });

  it('keeps the audit trail in time order when the sign-off comes before the last event', () => {
    const v = toDemoRun(run({ signoff: { ...cannedRun.signoff, offset_s: 5 } }), workflow);
    expect(inOrder(v.audit.map((a) => a.at))).toBe(true);
  });
});

describe('toClock', () => {
  it('gives the UTC clock time of an ISO instant', () => {
    expect(toClock('2026-10-20T10:00:06.000Z')).toBe('10:00:06');
  });
});
