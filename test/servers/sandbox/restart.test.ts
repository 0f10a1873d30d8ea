import { afterAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Agent, fetch as undiciFetch, setGlobalDispatcher, type RequestInit as UndiciRequestInit } from 'undici';
import type { ToolOutput } from '../../helpers/tool-output.ts';
import { createFrozenClock, getFreePort, getWorkloadToken, makeDataDir, startTestSandbox } from '../../helpers/sandbox-fixture.ts';

const dir = makeDataDir();
const clock = createFrozenClock('2026-11-02T09:00:00Z');
afterAll(() => dir.remove());

/**
 * One client session on connections of its own. A shared keep-alive pool may still hold a socket to the stopped
 * server whose close it has not read yet, and a POST on it fails ("other side closed"); HTTP/1.1 lets a server
 * close an idle connection at any time (RFC 9112 §9.3.1), so a client that comes after the restart dials anew.
 */
async function withClient<T>(url: string, token: string, use: (c: Client) => Promise<T>): Promise<T> {
  const agent = new Agent();
  const fetch = async (input: string | URL, init?: RequestInit) =>
    (await undiciFetch(input, { ...(init as UndiciRequestInit), dispatcher: agent })) as unknown as Response;
  const client = new Client({ name: 'restart-test', version: '0.0.1' }, { versionNegotiation: { mode: 'auto' } });
  try {
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { fetch, requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
    );
    return await use(client);
  } finally {
    await client.close();
    await agent.close();
  }
}
const structured = async (c: Client, name: string, args: Record<string, unknown>) =>
  (await c.callTool({ name, arguments: args })).structuredContent as ToolOutput;

describe('a restart keeps what the tools wrote', () => {
  it('runs, sign-off requests, Lessons and the audit trail survive, for the same subject and token', async () => {
    const port = await getFreePort();
    const first = await startTestSandbox(dir.dataDir, port, undefined, { now: clock.now });
    const token = await getWorkloadToken(first);
    const written = await withClient(first.url, token, async (c) => {
      const run = await structured(c, 'start_run', { workflow_id: 'wf_dependency_upgrade' });
      await structured(c, 'request_signoff', { run_id: run.run_id, approver: 'lead@acme-demo.example', note: 'please' });
      const lesson = await structured(c, 'add_lesson', { title: 'Survives restarts', body: 'Stored in node:sqlite under the data dir.' });
      return { runId: run.run_id as string, lessonId: lesson.lesson.id as string };
    });
    await first.close();
    // The token requests above went through the global fetch pool: give it fresh connections too.
    setGlobalDispatcher(new Agent());

    // Same port and data directory: the same issuer and signing key, so the token is still good.
    const second = await startTestSandbox(dir.dataDir, port, undefined, { now: clock.now });
    try {
      await withClient(second.url, token, async (c) => {
        expect((await structured(c, 'get_account', {})).hosted_starts.used).toBe(1);
        expect((await structured(c, 'list_runs', {})).runs[0].run_id).toBe(written.runId);
        expect((await structured(c, 'get_approvals', { run_id: written.runId })).signoff).toMatchObject({
          status: 'requested',
          comment: 'please',
        });
        expect((await structured(c, 'search_lessons', { query: 'restarts' })).lessons[0].id).toBe(written.lessonId);
        const trail = await structured(c, 'get_audit_trail', { run_id: written.runId });
        expect(trail.events.map((e: { action: string }) => e.action)).toEqual(
          expect.arrayContaining(['run.requested', 'signoff.requested', 'tool.called']),
        );
      });
      // Another subject sees none of it.
      const stranger = await getWorkloadToken(second);
      await withClient(second.url, stranger, async (c) => {
        expect((await structured(c, 'get_account', {})).hosted_starts.used).toBe(0);
        expect((await c.callTool({ name: 'get_run', arguments: { run_id: written.runId } })).isError).toBe(true);
      });
    } finally {
      await second.close();
    }
  });
});
