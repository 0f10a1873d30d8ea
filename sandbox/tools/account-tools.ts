import type { ToolContext, ToolHandler } from './tool-context.ts';

/** Hosted starts used (runs the caller started), the limit and what remains (site.yaml free_tier). */
export function getHostedStarts(ctx: ToolContext) {
  const limit = ctx.data.license.hosted_starts_limit;
  const used = ctx.store.listRuns(ctx.subject).length;
  return { used, limit, remaining: Math.max(0, limit - used) };
}

/** get_account: the caller's plan, hosted-start usage and token scopes. */
export const getAccount: ToolHandler = (_args, ctx) => ({
  account_id: ctx.subject,
  plan: ctx.data.license.plan,
  hosted_starts: getHostedStarts(ctx),
  scopes: ctx.scopes,
});

/** get_license: the sandbox license, as the caller's. */
export const getLicense: ToolHandler = (_args, ctx) => {
  const { license_id, plan, status, seats, features, hosted_starts_limit, payment_card_required, expires_at } = ctx.data.license;
  return { license_id, account_id: ctx.subject, plan, status, seats, features, hosted_starts_limit, payment_card_required, expires_at };
};
