import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { getFreePort } from '../../harness/free-port.ts';
import { APP_URL, BASE_URL, DIST } from '../helpers/built-site.ts';
import { watchOutput } from '../helpers/child-output.ts';
import { makeFeedbackDir } from '../helpers/feedback-dir.ts';

// The edge's access log as a deployment gets it: the real server's standard output, a pipe read by another process
// (docker, journald, a collector), not a destination a test hands to the logger.
const children: ChildProcess[] = [];

async function startEdge(): Promise<{ child: ChildProcess; url: string; stdout: () => string }> {
  const port = await getFreePort();
  const { BASE_URL: _vite, ...env } = process.env;
  const child = spawn(process.execPath, ['proxy/serve.ts'], {
    env: {
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL,
      APP_URL,
      WARDEN_OUT_DIR: DIST,
      FEEDBACK_DATA_DIR: makeFeedbackDir(),
      METRICS_PORT: 'off',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output = watchOutput(child);
  await output.until(() => output.stdout().includes('Warden edge server on'), 'the edge coming up');
  return { child, url: `http://127.0.0.1:${port}`, stdout: output.stdout };
}

const exited = (child: ChildProcess) =>
  new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));

afterEach(async () => {
  for (const child of children.splice(0)) {
    child.kill('SIGKILL');
    await exited(child);
  }
});

describe('the access log on standard output', () => {
  it("has written a request's line by the time the next answer is out: nothing waits in memory for a crash to lose", async () => {
    const { child, url, stdout } = await startEdge();
    const first = await fetch(`${url}/api/health`);
    expect(first.status).toBe(200);
    const id = first.headers.get('x-request-id');
    expect(id).toBeTruthy();
    // The next exchange happens on a later turn of the event loop than the first one's end.
    expect((await fetch(`${url}/llms.txt`)).status).toBe(200);
    child.kill('SIGKILL');
    await exited(child);
    const lines = stdout()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.find((l) => l.req_id === id)).toMatchObject({
      msg: 'request',
      method: 'GET',
      path: '/api/health',
      status: 200,
      service: 'edge',
      level: 'info',
    });
  });

  it('keeps serving when the reader of its output goes away (a broken pipe ends the logging, not the server)', async () => {
    const { child, url } = await startEdge();
    child.stdout!.destroy();
    // Each answer is out only after the previous request's line was written (the test above), so the first write to
    // the closed pipe has failed by the second answer, and the answers after it come from a server that lived on.
    for (let i = 0; i < 5; i++) expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect(child.exitCode).toBeNull();
    expect(child.signalCode).toBeNull();
  });
});
