import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSandboxContent } from '../../content-model/read-content.ts';
import { openSite, watchProblems, type BrowserSite } from '../helpers/browser/browser.ts';

const { cannedRun } = readSandboxContent();
let site: BrowserSite;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => site?.close());

describe('the demo run page', () => {
  it('renders the timeline, the blocked action, spend against budget, the merge gate and the audit trail', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    const watch = watchProblems(page);
    await page.goto('/docs/demo', { waitUntil: 'networkidle' });
    const items = page.locator('[data-testid="demo-timeline"] > li');
    // Every step, then the review, the sign-off and the merge gate.
    expect(await items.count()).toBe(cannedRun.steps.length + 3);
    for (const [i, step] of cannedRun.steps.entries()) expect(await items.nth(i).textContent()).toContain(step.name);
    const blocked = page.locator('.timeline__item--blocked');
    expect(await blocked.count()).toBe(1);
    expect(await blocked.isVisible()).toBe(true);
    expect(await blocked.textContent()).toContain(cannedRun.blocked_action.action);
    const bar = await page.locator('.spend__bar span').boundingBox();
    const track = await page.locator('.spend__bar').boundingBox();
    const spent = cannedRun.steps.reduce((s, x) => s + x.cost_usd, 0);
    expect(bar!.width / track!.width).toBeCloseTo(spent / cannedRun.budget_usd, 1);
    expect(await page.locator('.checks li').count()).toBeGreaterThanOrEqual(cannedRun.merge_gate.checks.length);
    expect(await page.locator('table.audit tbody tr').count()).toBeGreaterThanOrEqual(cannedRun.events.length);
    expect(watch.problems).toEqual([]);
    await context.close();
  });
});
