import { listVisibleRuns, requireWorkflow, type ToolHandler } from './tool-context.ts';

/** list_workflows: every saved workflow. */
export const listWorkflows: ToolHandler = (_args, ctx) => ({ workflows: ctx.data.workflows });

/** get_workflow: one workflow, the jail its runs execute in and the caller's latest run of it. */
export const getWorkflow: ToolHandler = (args, ctx) => {
  const wf = requireWorkflow(ctx, String(args.workflow_id));
  const { id, boundary, filesystem, network_allowlist, denied_commands } = ctx.data.cannedRun.jail;
  const last = listVisibleRuns(ctx).find((r) => r.workflow_id === wf.id);
  return { ...wf, jail: { id, boundary, filesystem, network_allowlist, denied_commands }, last_run_id: last?.id ?? null };
};
