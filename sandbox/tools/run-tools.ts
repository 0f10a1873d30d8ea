import { toApprovals, toMergeGate, toRunStatus, toRunView, toSpentUsd } from '../replay/replay-run.ts';
import { getHostedStarts } from './account-tools.ts';
import { listVisibleRuns, newId, requireRun, requireWorkflow, ToolError, type ToolHandler } from './tool-context.ts';

/** start_run: records a new run that replays the canned run, consuming one hosted start. */
export const startRun: ToolHandler = (args, ctx) => {
  const wf = requireWorkflow(ctx, String(args.workflow_id));
  if (!wf.replay) {
    throw new ToolError(
      `Workflow "${wf.id}" has no recorded run to replay in the demo sandbox; start ${ctx.data.cannedRun.workflow_id} instead.`,
    );
  }
  if (getHostedStarts(ctx).remaining === 0) throw new ToolError('No hosted starts remain on this account.');
  const row = {
    id: newId('run'),
    subject: ctx.subject,
    workflow_id: wf.id,
    started_at: ctx.now.toISOString(),
    note: (args.note as string) ?? null,
  };
  ctx.store.insertRun(row);
  ctx.store.appendAudit({
    subject: ctx.subject,
    at: row.started_at,
    action: 'run.requested',
    run_id: row.id,
    tool: null,
    outcome: null,
    detail: row.note ? `Run of ${wf.id} requested: ${row.note}` : `Run of ${wf.id} requested.`,
  });
  const { run, signoff } = requireRun(ctx, row.id);
  return {
    run_id: row.id,
    workflow_id: wf.id,
    status: toRunStatus(ctx.data.cannedRun, wf, run, signoff, ctx.now),
    started_at: row.started_at,
    hosted_starts: getHostedStarts(ctx),
  };
};

/** list_runs: the caller's runs and the demo run, newest first. */
export const listRuns: ToolHandler = (args, ctx) => {
  const limit = (args.limit as number | undefined) ?? 20;
  const runs = listVisibleRuns(ctx)
    .filter((r) => !args.workflow_id || r.workflow_id === args.workflow_id)
    .slice(0, limit)
    .map((r) => {
      const { wf, signoff } = requireRun(ctx, r.id);
      const c = ctx.data.cannedRun;
      return {
        run_id: r.id,
        workflow_id: r.workflow_id,
        status: toRunStatus(c, wf, r, signoff, ctx.now),
        started_at: r.started_at,
        spent_usd: toSpentUsd(c, r, ctx.now),
        budget_usd: wf.budget_usd,
      };
    });
  return { runs };
};

/** get_run: jail, steps, blocked action and spend of one run. */
export const getRun: ToolHandler = (args, ctx) => {
  const { run, wf, signoff } = requireRun(ctx, String(args.run_id));
  return toRunView(ctx.data.cannedRun, wf, run, signoff, ctx.now);
};

/** get_approvals: review and human sign-off state of one run. */
export const getApprovals: ToolHandler = (args, ctx) => {
  const { run, wf, signoff } = requireRun(ctx, String(args.run_id));
  return toApprovals(ctx.data.cannedRun, wf, run, signoff, ctx.now);
};

/** get_merge_gate: the checks in front of a run's pull request. */
export const getMergeGate: ToolHandler = (args, ctx) => {
  const { run, wf, signoff } = requireRun(ctx, String(args.run_id));
  return toMergeGate(ctx.data.cannedRun, wf, run, signoff, ctx.now);
};

/** request_signoff: records (or replaces) an open sign-off request on one of the caller's runs. */
export const requestSignoff: ToolHandler = (args, ctx) => {
  const { run, signoff } = requireRun(ctx, String(args.run_id));
  if (signoff.status === 'approved' || signoff.status === 'rejected') {
    throw new ToolError(`Run "${run.id}" is already signed off (${signoff.status} by ${signoff.approver}); nothing to request.`);
  }
  const row = {
    run_id: run.id,
    subject: ctx.subject,
    approver: String(args.approver),
    note: (args.note as string) ?? null,
    requested_at: ctx.now.toISOString(),
  };
  ctx.store.upsertSignoff(row);
  ctx.store.appendAudit({
    subject: ctx.subject,
    at: row.requested_at,
    action: 'signoff.requested',
    run_id: run.id,
    tool: null,
    outcome: null,
    detail: `Sign-off requested from ${row.approver}.`,
  });
  return {
    run_id: run.id,
    signoff: { status: 'requested', approver: row.approver, requested_at: row.requested_at, requested_by: ctx.subject, note: row.note },
  };
};
