import { randomBytes } from 'node:crypto';
import type { SandboxContent, Workflow } from '../../content-model/schemas/canned-run.ts';
import type { SandboxStore } from '../store/sandbox-store.ts';
import type { ReplayedRun } from '../replay/replay-run.ts';
import { toRecordedSignoff, toRequestedSignoff, type SignoffState } from '../replay/signoff-state.ts';

/** What a tool handler may use: the caller, the clock, the content and the caller-scoped store. */
export interface ToolContext {
  subject: string;
  scopes: string[];
  now: Date;
  data: SandboxContent;
  store: SandboxStore;
}

/** A tool's business failure: becomes an `isError` result whose text is the message (MCP server/tools). */
export class ToolError extends Error {
  override name = 'ToolError';
}

/** A tool's implementation: validated arguments in, structuredContent out. */
export type ToolHandler = (args: Record<string, unknown>, ctx: ToolContext) => Record<string, unknown>;

/** A new id with a readable prefix, e.g. `run_8f3k2m9q1x`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(8)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 10)}`;
}

/** Finds a workflow by id, or fails naming the valid ids. */
export function requireWorkflow(ctx: ToolContext, id: string): Workflow {
  const wf = ctx.data.workflows.find((w) => w.id === id);
  if (!wf) throw new ToolError(`Unknown workflow_id "${id}". Valid ids: ${ctx.data.workflows.map((w) => w.id).join(', ')}.`);
  return wf;
}

/** The recorded demo run every account can read. */
export function getDemoRun(ctx: ToolContext): ReplayedRun {
  const { demo_run: d, workflow_id } = ctx.data.cannedRun;
  return { id: d.id, workflow_id, started_at: new Date(d.started_at).toISOString(), started_by: d.started_by };
}

/** Every run the caller can see (theirs, newest first, then the demo run). */
export function listVisibleRuns(ctx: ToolContext): ReplayedRun[] {
  const own = ctx.store
    .listRuns(ctx.subject)
    .map((r) => ({ id: r.id, workflow_id: r.workflow_id, started_at: r.started_at, started_by: r.subject }));
  return [...own, getDemoRun(ctx)];
}

/** A run of the caller (or the demo run) with its workflow and sign-off state, or a ToolError. */
export function requireRun(ctx: ToolContext, runId: string): { run: ReplayedRun; wf: Workflow; signoff: SignoffState } {
  const demo = getDemoRun(ctx);
  if (runId === demo.id) return { run: demo, wf: requireWorkflow(ctx, demo.workflow_id), signoff: toRecordedSignoff(ctx.data.cannedRun) };
  const row = ctx.store.getRun(ctx.subject, runId);
  if (!row) throw new ToolError(`Unknown run_id "${runId}". list_runs gives the runs you can see.`);
  const run = { id: row.id, workflow_id: row.workflow_id, started_at: row.started_at, started_by: row.subject };
  return { run, wf: requireWorkflow(ctx, row.workflow_id), signoff: toRequestedSignoff(ctx.store.getSignoff(ctx.subject, runId)) };
}
