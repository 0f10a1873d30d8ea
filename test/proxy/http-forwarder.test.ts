import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createHttpForwarder } from '../../proxy/node/http-forwarder.ts';
import { UpstreamError } from '../../proxy/forward/forwarder.ts';

// An upstream that closes each idle keep-alive connection CLOSE_AFTER ms after its answer and says nothing about it
// (no Keep-Alive hint, no Connection: close), as load balancers do: the race that answered 502s under load.
const CLOSE_AFTER = 60;
let server: net.Server;
let url: string;
let closedIdle = 0;

beforeAll(async () => {
  server = net.createServer((socket) => {
    let buffered = '';
    let idle: NodeJS.Timeout | undefined;
    socket.on('data', (data) => {
      clearTimeout(idle);
      buffered += data.toString('latin1');
      const end = buffered.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(buffered)?.[1] ?? 0);
      if (end < 0 || buffered.length < end + 4 + length) return;
      buffered = buffered.slice(end + 4 + length);
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
      idle = setTimeout(() => {
        closedIdle++;
        socket.destroy();
      }, CLOSE_AFTER);
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the Node forwarder over pooled connections', () => {
  it('a request that meets a connection the upstream is closing is sent again on a new one: no 502', async () => {
    const forward = createHttpForwarder({ timeoutMs: 2000 });
    const failures: string[] = [];
    for (let round = 0; round < 40; round++) {
      await Promise.all(
        [0, 1, 2, 3].map(async () => {
          try {
            const response = await forward({ method: 'POST', url, headers: new Headers({ 'content-type': 'application/json' }), body: new TextEncoder().encode('{}'), signal: new AbortController().signal, idle: { ms: 5000 } });
            await response.arrayBuffer();
          } catch (error) {
            failures.push(error instanceof UpstreamError ? error.reason : String(error));
          }
        }),
      );
      // Come back just as the upstream closes the idle connections.
      await new Promise((resolve) => setTimeout(resolve, CLOSE_AFTER - 3 + (round % 7)));
    }
    await forward.close();
    expect(closedIdle).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });
});

describe('an upstream answer whose body is malformed from its first byte', () => {
  it('fails in the same packet as its headers: UpstreamError unreachable with the parser code, before any byte goes to the client', async () => {
    // Headers and a chunk size that is not hex, written at once: llhttp reads both in one pass.
    const broken = net.createServer((socket) => {
      socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n'));
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const forward = createHttpForwarder({ timeoutMs: 2000 });
    try {
      const target = `http://127.0.0.1:${(broken.address() as AddressInfo).port}/mcp`;
      const request = { method: 'POST', url: target, headers: new Headers({ 'content-type': 'application/json' }), body: new TextEncoder().encode('{}'), signal: new AbortController().signal, idle: { ms: 5000 } };
      const failure = await forward(request).then(() => undefined, (error: unknown) => error);
      expect(failure).toBeInstanceOf(UpstreamError);
      expect(failure).toMatchObject({ kind: 'unreachable', reason: 'HPE_INVALID_CHUNK_SIZE' });
    } finally {
      await forward.close();
      await new Promise<void>((resolve) => broken.close(() => resolve()));
    }
  });
});
