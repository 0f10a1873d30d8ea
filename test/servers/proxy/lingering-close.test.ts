import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHandler } from '../../../proxy/node/start-node-door.ts';
import { type Listening, listen } from '../../../proxy/node/listen.ts';
import { DRAIN_LIMIT } from '../../../proxy/node/unread-body.ts';
import { createUpstreamPool } from '../../../proxy/node/upstream-pool.ts';
import { createTestConfig } from '../../helpers/proxy/test-app.ts';

// A refused body is read to its end or, past the drain limit, the connection is closed with a lingering close
// (RFC 9112 §9.6): either way a client still sending reads the refusal, never a reset in its place.
const LIMIT = 64 * 1024;
const PIECE = 64 * 1024;
let edge: Listening;
const pool = createUpstreamPool({ timeoutMs: 1000 });

beforeAll(async () => {
  // The upstream is a closed port: every request here is refused before it.
  const config = createTestConfig({ appUrl: 'http://127.0.0.1:9', bodyLimitBytes: LIMIT });
  edge = await listen(createNodeHandler(config, { files: new Map(), dispatch: pool.dispatch }), '127.0.0.1', 0);
});
afterAll(async () => {
  await edge?.close();
  await pool.close();
});

interface Outcome {
  /** Everything the client read, as text. */
  read: string;
  /** The socket error the client saw, if any (EPIPE, ECONNRESET). */
  error?: string;
}

/**
 * Sends a POST /mcp whose body is `total` bytes (declared by Content-Length, or chunked), all of it, as fast as the
 * connection takes it, then `after` on the same connection, and reads until the server closes or answers it.
 */
function post(total: number, framing: 'length' | 'chunked', after = ''): Promise<Outcome> {
  const { port } = new URL(edge.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    const outcome: Outcome = { read: '' };
    socket.on('data', (data) => {
      outcome.read += data.toString('latin1');
      if (after && (outcome.read.match(/HTTP\/1\.1 /g) ?? []).length === 2) socket.end();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      outcome.error = error.code;
    });
    socket.on('close', () => resolve(outcome));
    const length = framing === 'length' ? `Content-Length: ${total}` : 'Transfer-Encoding: chunked';
    socket.write(`POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${length}\r\n\r\n`);
    const piece = Buffer.alloc(PIECE, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < total) {
        sent += PIECE;
        const chunk = framing === 'length' ? piece : Buffer.concat([Buffer.from(`${PIECE.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
      socket.write(framing === 'chunked' ? `0\r\n\r\n${after}` : after);
      if (!after) socket.end();
    };
    pump();
  });
}

describe('a body over the limit, without a token', () => {
  it.each(['length', 'chunked'] as const)('twice the limit (%s): 413, and the connection carries the next request', async (framing) => {
    const outcome = await post(2 * LIMIT, framing, 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(outcome.error).toBeUndefined();
    expect(outcome.read).toMatch(/^HTTP\/1\.1 413 Content Too Large\r\n/);
    expect(outcome.read).toMatch(/HTTP\/1\.1 200 OK\r\n[\s\S]*"status":"ok"/);
  });

  it.each(['length', 'chunked'] as const)(
    'past the drain limit (%s): 413, then a lingering close, no reset while the client sends',
    async (framing) => {
      const outcome = await post(DRAIN_LIMIT.bytes + 16 * PIECE, framing);
      expect(outcome.error).toBeUndefined();
      expect(outcome.read).toMatch(/^HTTP\/1\.1 413 Content Too Large\r\n[\s\S]*"code":-31413/);
    },
  );
});
