import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { ToolOutput } from '../../helpers/tool-output.ts';
import { createFrozenClock, getWorkloadToken, makeDataDir, startTestSandbox } from '../../helpers/sandbox-fixture.ts';

// The demo completes: an agent asks for sign-off, a person decides on the dashboard, and the run, its approvals,
// its merge gate and its audit trail follow.
const dir = makeDataDir();
const clock = createFrozenClock('2026-11-02T09:00:00Z');
let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
let client: Client;
let cookie = '';

beforeAll(async () => {
  sandbox = await startTestSandbox(dir.dataDir, undefined, undefined, { now: clock.now });
  const token = await getWorkloadToken(sandbox);
  client = new Client({ name: 'signoff-test', version: '0.0.1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${sandbox.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
  );
  const signIn = await fetch(`${sandbox.url}/dashboard/sign-in`, { method: 'POST', redirect: 'manual' });
  cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
});
afterAll(async () => {
  await client?.close();
  await sandbox?.close();
  dir.remove();
});

const call = async (name: string, args: Record<string, unknown>): Promise<ToolOutput> => {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as ToolOutput;
};
const decide = (runId: string, decision: string, comment = '') =>
  fetch(`${sandbox.url}/dashboard/signoffs`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ run_id: runId, decision, comment }),
  });

/** A fresh run, replayed to its end, with sign-off asked of `approver`. */
async function runAwaitingSignoff(approver: string): Promise<string> {
  const { run_id } = await call('start_run', { workflow_id: 'wf_dependency_upgrade' });
  clock.advance(60);
  await call('request_signoff', { run_id, approver, note: 'Please look at the lockfile.' });
  return run_id;
}

describe('sign-off on the dashboard', () => {
  it('lists the open request, and approving it opens the merge gate, completes the run and enters the audit trail', async () => {
    const runId = await runAwaitingSignoff('lead@example.com');
    expect((await call('get_merge_gate', { run_id: runId })).status).toBe('pending');
    expect((await call('get_run', { run_id: runId })).status).toBe('awaiting_signoff');
    const page = await (await fetch(`${sandbox.url}/dashboard`, { headers: { cookie } })).text();
    expect(page).toContain(`<code>${runId}</code>`);
    expect(page).toContain('lead@example.com');
    expect(page).toContain('Please look at the lockfile.');

    const approved = await decide(runId, 'approved', 'Lockfile checked.');
    expect(approved.status).toBe(200);
    expect(await approved.text()).toContain(`Run <code>${runId}</code> approved.`);

    const gate = await call('get_merge_gate', { run_id: runId });
    expect(gate).toMatchObject({ status: 'open', blocking: [] });
    expect(gate.checks.find((c: { name: string }) => c.name === 'human_signoff')).toMatchObject({
      status: 'passed',
      detail: 'demo-user approved the run.',
    });
    expect((await call('get_run', { run_id: runId })).status).toBe('completed');
    expect((await call('get_approvals', { run_id: runId })).signoff).toMatchObject({
      status: 'approved',
      approver: 'demo-user',
      comment: 'Lockfile checked.',
    });
    const { events } = await call('get_audit_trail', { run_id: runId, limit: 100 });
    expect(events.filter((e: { action: string }) => e.action.startsWith('signoff.'))).toMatchObject([
      { action: 'signoff.requested', detail: 'Sign-off requested from lead@example.com.' },
      { action: 'signoff.approved', detail: 'Sign-off approved by demo-user on the dashboard: Lockfile checked.' },
    ]);
    expect(await (await fetch(`${sandbox.url}/dashboard`, { headers: { cookie } })).text()).not.toContain(`<code>${runId}</code>`);
  });

  it('rejecting blocks the merge gate; a request is decided once', async () => {
    const runId = await runAwaitingSignoff('lead@example.com');
    expect((await decide(runId, 'rejected')).status).toBe(200);
    expect(await call('get_merge_gate', { run_id: runId })).toMatchObject({ status: 'blocked', blocking: ['human_signoff'] });
    expect((await decide(runId, 'approved')).status).toBe(409);
    expect((await call('get_approvals', { run_id: runId })).signoff.status).toBe('rejected');
  });

  it('decides nothing for a visitor who is not signed in', async () => {
    const runId = await runAwaitingSignoff('lead@example.com');
    const anonymous = await fetch(`${sandbox.url}/dashboard/signoffs`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ run_id: runId, decision: 'approved' }),
    });
    expect(anonymous.status).toBe(303);
    expect((await call('get_approvals', { run_id: runId })).signoff.status).toBe('requested');
  });
});
