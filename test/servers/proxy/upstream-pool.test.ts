import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createPoolForwarder } from '../../../proxy/node/pool-forwarder.ts';
import { createUpstreamPool } from '../../../proxy/node/upstream-pool.ts';
import { UpstreamError } from '../../../proxy/forward/forwarder.ts';

/** One POST `{}` and its whole answer, through one of the Node senders. */
type Post = ((url: string) => Promise<unknown>) & { close(): Promise<void>; parseFailure: RegExp };

/** One POST `{}` through the Node door's pool, settled at the end of its answer or with its UpstreamError. */
const postThrough = (pool: ReturnType<typeof createUpstreamPool>) => (url: string) =>
  new Promise<void>((resolve, reject) => {
    pool.dispatch(
      { url, headers: { 'content-type': 'application/json' }, body: new TextEncoder().encode('{}') },
      {
        onHead: () => {},
        onData: () => {},
        onEnd: resolve,
        onError: reject,
      },
    );
  });

/** A raw TCP upstream on a loopback port (each socket's errors ignored), and the URL of its /mcp. */
async function startRawUpstream(onSocket: (socket: net.Socket) => void): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = net.createServer((socket) => {
    socket.on('error', () => {});
    onSocket(socket);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/mcp`,
    close: () => new Promise<void>((resolve) => upstream.close(() => resolve())),
  };
}

/** The web door's forwarder on Node (a web Response, `npm run dev`) and the Node door's callbacks, both over the one upstream pool (undici). */
const SENDERS: Record<string, () => Post> = {
  'the web door forwarder (a web Response over the pool)': () => {
    const pool = createUpstreamPool({ timeoutMs: 2000 });
    const forward = createPoolForwarder(pool.dispatch);
    const post = async (url: string) => {
      const request = {
        method: 'POST',
        url,
        headers: new Headers({ 'content-type': 'application/json' }),
        body: new TextEncoder().encode('{}'),
        signal: new AbortController().signal,
        idle: { ms: 5000 },
      };
      await (await forward(request)).arrayBuffer();
    };
    return Object.assign(post, { close: pool.close, parseFailure: /^HTTPParserError: Invalid character in chunk size$/ });
  },
  'the Node door pool (undici)': () => {
    const pool = createUpstreamPool({ timeoutMs: 2000 });
    const post = postThrough(pool);
    // undici's parse errors carry llhttp's words rather than its code.
    return Object.assign(post, { close: pool.close, parseFailure: /^HTTPParserError: Invalid character in chunk size$/ });
  },
};

// An upstream that closes each idle keep-alive connection CLOSE_AFTER ms after its answer and says nothing about it
// (no Keep-Alive hint, no Connection: close), as load balancers do: the race that answered 502s under load.
const CLOSE_AFTER = 60;
let closing: Awaited<ReturnType<typeof startRawUpstream>>;
let closedIdle = 0;
let answered = 0;

beforeAll(async () => {
  closing = await startRawUpstream((socket) => {
    let buffered = '';
    let idle: NodeJS.Timeout | undefined;
    socket.on('data', (data) => {
      clearTimeout(idle);
      buffered += data.toString('latin1');
      const end = buffered.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(buffered)?.[1] ?? 0);
      if (end < 0 || buffered.length < end + 4 + length) return;
      buffered = buffered.slice(end + 4 + length);
      answered++;
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
      idle = setTimeout(() => {
        closedIdle++;
        socket.destroy();
      }, CLOSE_AFTER);
    });
  });
});
afterAll(() => closing.close());

describe.each(Object.entries(SENDERS))('%s over pooled connections', (_name, toSender) => {
  it('a request that meets a connection the upstream is closing is sent again on a new one: no 502', async () => {
    const post = toSender();
    answered = 0;
    const failures: string[] = [];
    for (let round = 0; round < 40; round++) {
      await Promise.all(
        [0, 1, 2, 3].map(async () => {
          try {
            await post(closing.url);
          } catch (error) {
            failures.push(error instanceof UpstreamError ? error.reason : String(error));
          }
        }),
      );
      // Come back just as the upstream closes the idle connections.
      await new Promise((resolve) => setTimeout(resolve, CLOSE_AFTER - 3 + (round % 7)));
    }
    await post.close();
    expect(closedIdle).toBeGreaterThan(0);
    expect(failures).toEqual([]);
    // Sent again only when the upstream never had it: each request was answered exactly once.
    expect(answered).toBe(40 * 4);
  });
});

describe.each(Object.entries(SENDERS))('an upstream answer whose body is malformed from its first byte (%s)', (_name, toSender) => {
  it("fails in the same packet as its headers: UpstreamError unreachable with the parser's code or words (the edge then answers 502: mcp-forward.test.ts)", async () => {
    // Headers and a chunk size that is not hex, written at once: llhttp reads both in one pass.
    const broken = await startRawUpstream((socket) => {
      socket.once('data', () =>
        socket.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n'),
      );
    });
    const post = toSender();
    try {
      const failure = await post(broken.url).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(UpstreamError);
      expect(failure).toMatchObject({ kind: 'unreachable', reason: expect.stringMatching(post.parseFailure) });
    } finally {
      await post.close();
      await broken.close();
    }
  });
});

describe('the pool when every connection is busy', () => {
  it('bounds the whole wait for an answer, queue included: a queued request times out and is never sent', async () => {
    // An upstream that reads requests to /mcp and never answers them; it counts their heads. It answers a probe.
    let heads = 0;
    const silent = await startRawUpstream((socket) => {
      socket.on('data', (data) => {
        const text = data.toString('latin1');
        heads += text.split('POST /mcp ').length - 1;
        if (text.includes('POST /probe ')) socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}');
      });
    });
    const pool = createUpstreamPool({ timeoutMs: 300, connections: 1 });
    const post = () =>
      postThrough(pool)(silent.url).then(
        () => 'answered',
        (error: unknown) => error,
      );
    try {
      // The second waits for the only connection, which the first holds until its own timeout.
      const failures = await Promise.all([post(), post()]);
      expect(failures).toEqual([new UpstreamError('timeout'), new UpstreamError('timeout')]);
      // Had the second's clock started only on a connection, it would still wait in the pool's queue, and go out
      // before a later request: a probe answered after both means the queue held nothing more for /mcp.
      await postThrough(pool)(silent.url.replace(/\/mcp$/, '/probe'));
      expect(heads).toBe(1);
    } finally {
      await pool.close();
      await silent.close();
    }
  });
});

describe('the pool and an upstream that breaks off its answer on a reused connection', () => {
  it('is not sent again once a byte of the answer arrived: the upstream had it', async () => {
    // The second request on a connection gets the start of a status line, then the connection closes.
    let requests = 0;
    const breaking = await startRawUpstream((socket) => {
      socket.on('data', () => {
        requests++;
        if (requests === 2) return void socket.end('HTTP/1.1 2');
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
      });
    });
    const post = SENDERS['the Node door pool (undici)']!();
    try {
      await post(breaking.url);
      const failure = await post(breaking.url).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toMatchObject({ kind: 'unreachable' });
      expect(requests).toBe(2);
    } finally {
      await post.close();
      await breaking.close();
    }
  });
});
