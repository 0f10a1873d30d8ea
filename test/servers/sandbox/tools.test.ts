import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { readContent } from '../../../content-model/read-content.ts';
import { TOOL_HANDLERS } from '../../../sandbox/tools/tool-handlers.ts';
import type { ToolOutput } from '../../helpers/tool-output.ts';
import { createFrozenClock, getWorkloadToken, makeDataDir, postMcp, startTestSandbox } from '../../helpers/sandbox-fixture.ts';

const tools = readContent(undefined, {}).tools;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const outputValid = (name: string, value: unknown) => {
  const validate = ajv.compile(tools.find((t) => t.name === name)!.outputSchema);
  return validate(value) ? true : ajv.errorsText(validate.errors);
};

let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
let client: Client;
let token: string;
const dir = makeDataDir();
// The replay reads the tools' clock against the canned offsets (seconds), so it stands still here;
// the demo run (started 2026-10-20T10:00:00Z) is long finished by then.
const clock = createFrozenClock('2026-11-02T09:00:00Z');

beforeAll(async () => {
  sandbox = await startTestSandbox(dir.dataDir, undefined, undefined, { now: clock.now });
  token = await getWorkloadToken(sandbox);
  client = new Client({ name: 'tools-test', version: '0.0.1' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${sandbox.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
  );
});
afterAll(async () => {
  await client?.close();
  await sandbox?.close();
  dir.remove();
});

async function call(name: string, args: Record<string, unknown>): Promise<ToolOutput> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  expect(outputValid(name, result.structuredContent)).toBe(true);
  expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(result.structuredContent);
  return result.structuredContent as ToolOutput;
}

describe('tool content', () => {
  it('every content tool has an implementation, and every example validates against its schemas', () => {
    expect(Object.keys(TOOL_HANDLERS).sort()).toEqual(tools.map((t) => t.name).sort());
    for (const t of tools) {
      expect(ajv.validate(t.inputSchema, t.example.arguments), `${t.name} example.arguments: ${ajv.errorsText()}`).toBe(true);
      expect(ajv.validate(t.outputSchema, t.example.result), `${t.name} example.result: ${ajv.errorsText()}`).toBe(true);
    }
  });
});

describe('every tool, called for real with a workload token', () => {
  it('runs the whole canned-run story', async () => {
    expect((await call('get_account', {})).hosted_starts).toEqual({ used: 0, limit: 500, remaining: 500 });
    const { workflows } = await call('list_workflows', {});
    expect(workflows.map((w: { id: string }) => w.id)).toContain('wf_dependency_upgrade');
    expect((await call('get_workflow', { workflow_id: 'wf_dependency_upgrade' })).jail.network_allowlist).toContain('github.com');

    const demo = await call('get_run', { run_id: 'run_demo_0001' });
    expect(demo).toMatchObject({
      status: 'completed',
      blocked_action: { rule: 'network_allowlist' },
      spend: { budget_usd: 5, spent_usd: 1.68 },
    });
    expect((await call('get_approvals', { run_id: 'run_demo_0001' })).signoff).toMatchObject({ status: 'approved', required: true });
    expect((await call('get_merge_gate', { run_id: 'run_demo_0001' })).status).toBe('open');

    const started = await call('start_run', { workflow_id: 'wf_dependency_upgrade', note: 'from the test' });
    expect(started).toMatchObject({ status: 'running', started_at: clock.now().toISOString(), hosted_starts: { used: 1, remaining: 499 } });
    const runs = (await call('list_runs', { workflow_id: 'wf_dependency_upgrade' })).runs;
    expect(runs.map((r: { run_id: string }) => r.run_id)).toEqual([started.run_id, 'run_demo_0001']);
    clock.advance(5); // past step_3 (offset 4 s), before the blocked upload (6 s)
    const run = await call('get_run', { run_id: started.run_id });
    expect(run.status).toBe('running');
    expect(run.steps.map((s: { status: string }) => s.status)).toEqual([
      'completed',
      'completed',
      'running',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    expect(run.steps[0].status).not.toBe('pending');
    expect(run.steps.at(-1)!.status).toBe('pending');
    expect(run.spend.spent_usd).toBe(0.53);

    expect((await call('request_signoff', { run_id: started.run_id, approver: 'lead@acme-demo.example' })).signoff.status).toBe(
      'requested',
    );
    expect((await call('get_approvals', { run_id: started.run_id })).signoff).toMatchObject({
      status: 'requested',
      approver: 'lead@acme-demo.example',
    });
    expect((await call('get_merge_gate', { run_id: started.run_id })).blocking).toContain('human_signoff');

    const added = await call('add_lesson', {
      title: 'Pin time zones in tests',
      body: 'Date parsing changed with the upgrade.',
      tags: ['tests'],
      run_id: started.run_id,
    });
    const found = await call('search_lessons', { query: 'time zones' });
    expect(found.lessons.map((l: { id: string }) => l.id)).toEqual([added.lesson.id]);
    expect((await call('search_lessons', { query: 'jail', tag: 'network' })).lessons).toHaveLength(1);

    expect((await call('get_license', {})).hosted_starts_limit).toBe(500);

    const trail = await call('get_audit_trail', { limit: 100 });
    const toolCalls = trail.events.filter((e: { action: string }) => e.action === 'tool.called');
    expect(new Set(toolCalls.map((e) => e.tool))).toEqual(new Set(tools.map((t) => t.name).filter((n) => n !== 'get_audit_trail')));
    expect(trail.events.some((e: { action: string }) => e.action === 'action.blocked')).toBe(true);
    const page1 = await call('get_audit_trail', { run_id: 'run_demo_0001', limit: 3 });
    const page2 = await call('get_audit_trail', { run_id: 'run_demo_0001', limit: 3, cursor: page1.next_cursor });
    expect(page1.events).toHaveLength(3);
    expect(page2.events[0].id).not.toBe(page1.events[0].id);
  });

  it('bad input is an isError result that says what is wrong; a business failure too', async () => {
    const bad = await client.callTool({ name: 'get_run', arguments: { run: 'x' } });
    expect(bad.isError).toBe(true);
    expect((bad.content as { text: string }[])[0]!.text).toMatch(/must have required property 'run_id'.*additional properties \("run"\)/);
    const unknownRun = await client.callTool({ name: 'get_run', arguments: { run_id: 'run_nope' } });
    expect(unknownRun.isError).toBe(true);
    expect((unknownRun.content as { text: string }[])[0]!.text).toContain('Unknown run_id "run_nope"');
  });

  it('an unknown tool is JSON-RPC -32602', async () => {
    const response = await postMcp(
      sandbox.url,
      { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'nope', arguments: {} } },
      token,
    );
    const text = await response.text();
    expect(text).toContain('"code":-32602');
  });

  it('a token without a Lessons scope gets 403 insufficient_scope naming the scopes', async () => {
    const narrow = await getWorkloadToken(sandbox, ['warden:access']);
    const response = await postMcp(
      sandbox.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add_lesson', arguments: {} } },
      narrow,
    );
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toMatch(
      /^Bearer resource_metadata="[^"]+", error="insufficient_scope".*scope="warden:access warden:lessons.write"/,
    );
  });
});
