import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { FEEDBACK_DB_FILE } from '../../../proxy/node/sqlite-driver.ts';
import { APP_URL, BASE_URL, DIST } from '../../helpers/built-site.ts';
import { watchOutput } from '../../helpers/child-output.ts';

// The Node edge as deployed (proxy/serve.ts over the test build), its store a SQLite file in a data folder of its own.
const data = mkdtempSync(join(tmpdir(), 'warden-feedback-'));
const children = new Set<ChildProcess>();

/** Starts the edge on a free port over `data`; resolves with its address once it listens. */
async function startEdge(env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  const { BASE_URL: _vite, ...inherited } = process.env;
  const child = spawn(process.execPath, ['proxy/serve.ts'], {
    env: {
      ...inherited,
      BASE_URL,
      APP_URL,
      PORT: '0',
      METRICS_PORT: 'off',
      LOG_LEVEL: 'silent',
      WARDEN_OUT_DIR: DIST,
      FEEDBACK_DATA_DIR: data,
      CLIENT_ADDRESS_HEADER: 'x-forwarded-for',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const output = watchOutput(child);
  await output.until((text) => /Warden edge server on http:\/\/\S+/.test(text), 'the edge listening');
  return { url: /Warden edge server on (http:\/\/\S+)/.exec(output.text())![1]!, child };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

async function stop(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await exited(child);
}

function report(url: string, body: Record<string, unknown>, address: string): Promise<Response> {
  return fetch(`${url}/api/feedback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
}

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(data, { recursive: true, force: true });
});

describe('the Node store: acknowledged only once committed, nothing lost', () => {
  it('a report answered 202 is there after the process is killed with SIGKILL right after and started again', async () => {
    const first = await startEdge();
    const sent = await report(first.url, { page: '/docs/overview', helpful: false, comment: 'Killed right after.' }, '10.1.0.1');
    // No moment's grace: the kill follows the 202 at once.
    first.child.kill('SIGKILL');
    expect(sent.status).toBe(202);
    const { id, status_url } = await sent.json();
    await exited(first.child);
    const second = await startEdge();
    const status = await fetch(`${second.url}${new URL(status_url).pathname}`);
    expect(status.status).toBe(200);
    expect((await status.json()).id).toBe(id);
    await stop(second.child);
  });

  it('under concurrent load every accepted report is stored exactly once, duplicates folded', async () => {
    const edge = await startEdge();
    const distinct = Array.from({ length: 120 }, (_, i) =>
      report(
        edge.url,
        { page: '/docs/overview', helpful: i % 2 === 0, comment: `concurrent ${i}` },
        `10.2.${Math.floor(i / 100)}.${i % 100}`,
      ),
    );
    const same = Array.from({ length: 30 }, () =>
      report(edge.url, { page: '/docs/connect-mcp', helpful: true, comment: 'the same words' }, '10.3.0.1'),
    );
    const answers = await Promise.all([...distinct, ...same]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 202));
    const ids = await Promise.all(answers.map(async (a) => (await a.json()).id as string));
    expect(new Set(ids.slice(120)).size).toBe(1);
    await stop(edge.child);
    const db = new DatabaseSync(join(data, FEEDBACK_DB_FILE), { readOnly: true });
    const rows = db.prepare("SELECT id FROM feedback WHERE comment LIKE 'concurrent %' OR comment = 'the same words'").all() as Array<{
      id: string;
    }>;
    db.close();
    expect(rows.map((r) => r.id).sort()).toEqual([...new Set(ids)].sort());
  });

  it('a store that cannot be written answers 503 with Retry-After, never 202, and takes the report once it can', async () => {
    const edge = await startEdge({ FEEDBACK_BUSY_TIMEOUT_MS: '50' });
    // Another process holds the database's write lock: the edge cannot commit anything.
    const holder = new DatabaseSync(join(data, FEEDBACK_DB_FILE));
    holder.exec('BEGIN EXCLUSIVE');
    const body = { page: '/docs/overview', helpful: true, comment: 'While the store was locked.' };
    const refused = await report(edge.url, body, '10.4.0.1');
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).code).toBe('feedback_store_unavailable');
    holder.exec('ROLLBACK');
    holder.close();
    const taken = await report(edge.url, body, '10.4.0.1');
    expect(taken.status).toBe(202);
    await stop(edge.child);
  });
});
