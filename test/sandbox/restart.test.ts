import { afterAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { getFreePort, getWorkloadToken, makeDataDir, startTestSandbox } from './sandbox-fixture.ts';

const dir = makeDataDir();
afterAll(() => dir.remove());

async function withClient<T>(url: string, token: string, use: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ name: 'restart-test', version: '0.0.1' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}
const structured = async (c: Client, name: string, args: Record<string, unknown>) =>
  (await c.callTool({ name, arguments: args })).structuredContent as Record<string, any>;

describe('a restart keeps what the tools wrote', () => {
  it('runs, sign-off requests, Lessons and the audit trail survive, for the same subject and token', async () => {
    const port = await getFreePort();
    const first = await startTestSandbox(dir.dataDir, port);
    const token = await getWorkloadToken(first);
    const written = await withClient(first.url, token, async (c) => {
      const run = await structured(c, 'start_run', { workflow_id: 'wf_dependency_upgrade' });
      await structured(c, 'request_signoff', { run_id: run.run_id, approver: 'lead@acme-demo.example', note: 'please' });
      const lesson = await structured(c, 'add_lesson', { title: 'Survives restarts', body: 'Stored in node:sqlite under the data dir.' });
      return { runId: run.run_id as string, lessonId: lesson.lesson.id as string };
    });
    await first.close();
    // Let the client's keep-alive pool see the closed sockets before it dials the same port again.
    await new Promise((done) => setTimeout(done, 200));

    // Same port and data directory: the same issuer and signing key, so the token is still good.
    const second = await startTestSandbox(dir.dataDir, port);
    try {
      await withClient(second.url, token, async (c) => {
        expect((await structured(c, 'get_account', {})).hosted_starts.used).toBe(1);
        expect((await structured(c, 'list_runs', {})).runs[0].run_id).toBe(written.runId);
        expect((await structured(c, 'get_approvals', { run_id: written.runId })).signoff).toMatchObject({ status: 'requested', comment: 'please' });
        expect((await structured(c, 'search_lessons', { query: 'restarts' })).lessons[0].id).toBe(written.lessonId);
        const trail = await structured(c, 'get_audit_trail', { run_id: written.runId });
        expect(trail.events.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['run.requested', 'signoff.requested', 'tool.called']));
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
