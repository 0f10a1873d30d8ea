import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../../../harness/raw-http.ts';
import { makeDataDir, startTestSandbox } from '../../helpers/sandbox-fixture.ts';

// The sandbox over a raw socket: node:http hands CONNECT to no request handler, and destroys its socket unless the
// server answers it itself.
const dir = makeDataDir();
let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
beforeAll(async () => {
  sandbox = await startTestSandbox(dir.dataDir);
});
afterAll(async () => {
  await sandbox?.close();
  dir.remove();
});

describe('CONNECT gets an answer and Connection: close; no tunnel is ever opened (RFC 9110 §9.3.6)', () => {
  it.each([
    ['a host and port', 501, 'CONNECT warden.example:443 HTTP/1.1\r\nHost: warden.example:443\r\n\r\n'],
    ['an origin-form target', 400, 'CONNECT /mcp HTTP/1.1\r\nHost: x\r\n\r\n'],
  ])('%s → %i, a complete answer, then the connection closes', async (_name, status, raw) => {
    // Two answers are waited for, so the exchange ends only when the server closes the connection.
    const result = await sendRaw(sandbox.url, [raw], { expect: 2 });
    expect(result.data.toString('latin1')).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(result.responses.map((r) => r.status)).toEqual([status]);
    const [answer] = result.responses;
    expect(answer!.headers.connection).toBe('close');
    expect(answer!.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer!.headers['content-length']).toBe(String(answer!.body.length));
    expect(answer!.body.toString()).toMatch(new RegExp(`^${status} `));
    expect(result.closed).toBe(true);
    expect(result.timedOut).toBe(false);
  });
});
