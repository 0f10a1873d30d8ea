import { toRunEvents, type AuditEvent } from '../replay/run-events.ts';
import { listVisibleRuns, requireRun, ToolError, type ToolContext, type ToolHandler } from './tool-context.ts';

/** Every audit event the caller can see: replayed run events and stored events, oldest first. */
function collectEvents(ctx: ToolContext, runId?: string): AuditEvent[] {
  const runs = runId ? [requireRun(ctx, runId).run] : listVisibleRuns(ctx);
  const replayed = runs.flatMap((r) => toRunEvents(ctx.data.cannedRun, r, requireRun(ctx, r.id).signoff, ctx.now));
  const stored = ctx.store
    .listAudit(ctx.subject)
    .filter((e) => !runId || e.run_id === runId)
    .map((e) => ({
      id: `aud_${e.seq}`,
      at: e.at,
      actor: e.subject,
      action: e.action,
      run_id: e.run_id,
      tool: e.tool,
      outcome: e.outcome as AuditEvent['outcome'],
      detail: e.detail,
    }));
  // Stable: equal times keep replayed-before-stored order.
  return [...replayed, ...stored].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** get_audit_trail: one page of the caller's audit trail, optionally for one run. */
export const getAuditTrail: ToolHandler = (args, ctx) => {
  const limit = (args.limit as number | undefined) ?? 50;
  const start = args.cursor === undefined ? 0 : Number(args.cursor);
  if (!Number.isInteger(start) || start < 0)
    throw new ToolError(`cursor: "${String(args.cursor)}" is not a next_cursor this tool returned.`);
  const events = collectEvents(ctx, args.run_id as string | undefined);
  const page = events.slice(start, start + limit);
  return { events: page, next_cursor: start + limit < events.length ? String(start + limit) : null };
};
