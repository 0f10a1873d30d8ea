import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHandler } from '../../../proxy/node/start-node-door.ts';
import { listen, type Listening } from '../../../proxy/node/listen.ts';
import { createUpstreamPool } from '../../../proxy/node/upstream-pool.ts';
import { sendRaw } from '../../../harness/raw-http.ts';
import { createTestConfig } from '../../helpers/proxy/test-app.ts';
import { startUpstream, type TestUpstream } from '../../helpers/proxy/upstream.ts';

// The Node server (the Node door behind listen, as `npm start` serves it), over raw sockets: what a plain node:http
// server answers, and more. Its upstream records every request: these are all refused before it.
let edge: Listening;
let upstream: TestUpstream;
const LIMIT = 64 * 1024;
const pool = createUpstreamPool({ timeoutMs: 1000 });

beforeAll(async () => {
  upstream = await startUpstream((_req, res) => res.end());
  const config = createTestConfig({ appUrl: upstream.url, bodyLimitBytes: LIMIT });
  edge = await listen(createNodeHandler(config, { files: new Map(), dispatch: pool.dispatch }), '127.0.0.1', 0);
});
afterAll(async () => {
  await edge?.close();
  await pool.close();
  await upstream?.close();
});

const health = 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n';
const chunked = (bytes: number, piece = 16 * 1024): string[] => {
  const out = ['POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n'];
  for (let sent = 0; sent < bytes; sent += piece) out.push(`${piece.toString(16)}\r\n${'a'.repeat(piece)}\r\n`);
  out.push('0\r\n\r\n');
  return out;
};

describe('the Node server', () => {
  describe('malformed requests get an HTTP answer and Connection: close, never a bare reset', () => {
    const cases: [string, string, number][] = [
      ['headers over 16 KiB', `GET / HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'a'.repeat(100_000)}\r\n\r\n`, 431],
      [
        'over 1,000 header lines',
        `GET / HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 1200 }, (_, i) => `X-${i}: y`).join('\r\n')}\r\n\r\n`,
        431,
      ],
      ['a 17 KB request target', `GET /${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414],
      ['a 64 KB request target', `GET /${'a'.repeat(65_536)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414],
      [
        'Content-Length and Transfer-Encoding',
        'POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
        400,
      ],
      ['a negative Content-Length', 'POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n', 400],
      ['a bare CR in a header', 'GET / HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n', 400],
      ['a bare LF in a header', 'GET / HTTP/1.1\r\nHost: x\r\nX-A: a\nb: c\r\n\r\n', 400],
      ['a NUL in a header', 'GET / HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n', 400],
      ['obs-fold', 'GET / HTTP/1.1\r\nHost: x\r\nX-A: a\r\n  b\r\n\r\n', 400],
      ['an unknown method', 'BREW /mcp HTTP/1.1\r\nHost: x\r\n\r\n', 501],
      ['a lower-case method', 'get / HTTP/1.1\r\nHost: x\r\n\r\n', 501],
      ['raw non-ASCII in the path', 'GET /\u00e9t\u00e9 HTTP/1.1\r\nHost: x\r\n\r\n', 400],
      ['HTTP/3.0 on HTTP/1.1', 'GET / HTTP/3.0\r\nHost: x\r\n\r\n', 505],
      ['a TLS hello', '\x16\x03\x01\x00\xa5\x01\x00', 400],
    ];
    it.each(cases)('%s → %i', async (_name, raw, status) => {
      const result = await sendRaw(edge.url, [Buffer.from(raw, 'latin1')]);
      expect(result.responses.map((r) => r.status)).toEqual([status]);
      expect(result.responses[0]!.headers.connection).toBe('close');
    });

    it('a bad chunk size on POST /mcp, after its headers reached the door → 400 and close, the upstream never called', async () => {
      const result = await sendRaw(
        edge.url,
        ['POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n', 'zz\r\n{}\r\n0\r\n\r\n'],
        { paceMs: 30 },
      );
      expect(result.responses.map((r) => r.status)).toEqual([400]);
      expect(result.responses[0]!.headers.connection).toBe('close');
      expect(upstream.requests).toHaveLength(0);
    });
  });

  describe('an answer to HEAD carries no content (RFC 9110 §9.3.2), a refusal included', () => {
    const head = (raw: string) => raw.replace(/^GET /, 'HEAD ');
    const malformed: [string, number, string][] = [
      ['a NUL in a header', 400, 'GET / HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n'],
      ['obs-fold', 400, 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: a\r\n  b\r\n\r\n'],
      ['Content-Length and Transfer-Encoding', 400, 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n'],
      ['HTTP/3.0 on HTTP/1.1', 505, 'GET / HTTP/3.0\r\nHost: x\r\n\r\n'],
    ];
    it.each(malformed)('%s → %s: the head a GET gets, its length included, then nothing and close', async (_name, status, raw) => {
      const get = await sendRaw(edge.url, [raw]);
      expect(get.responses.map((r) => r.status)).toEqual([status]);
      expect(get.responses[0]!.body.toString()).toMatch(new RegExp(`^${status} `));
      // Two answers are waited for: the exchange ends when the server closes, with every byte it sent.
      const answer = await sendRaw(edge.url, [head(raw)], { expect: 2, headRequests: 1 });
      expect(answer.responses.map((r) => r.status)).toEqual([status]);
      const text = answer.data.toString('latin1');
      expect(text.indexOf('\r\n\r\n')).toBe(text.length - 4);
      expect(answer.responses[0]!.headers['content-length']).toBe(String(get.responses[0]!.body.length));
      expect(answer.responses[0]!.headers.connection).toBe('close');
      expect(answer.closed).toBe(true);
    });

    it('a malformed HEAD behind a good request: the good answer, then the refusal as a head only, then close', async () => {
      const answer = await sendRaw(edge.url, [`${health}${head(malformed[0]![2])}`], { expect: 3 });
      const text = answer.data.toString('latin1');
      const refusal = text.slice(text.lastIndexOf('HTTP/1.1 '));
      expect(refusal).toMatch(/^HTTP\/1\.1 400 /);
      expect(refusal.indexOf('\r\n\r\n')).toBe(refusal.length - 4);
      expect(answer.responses.map((r) => r.status)).toEqual([200]);
      expect(answer.closed).toBe(true);
    });

    it('a refusal whose method the bytes do not show for sure (its head came in two packets): no content and no length, the close ends it', async () => {
      for (const method of ['HEAD', 'GET']) {
        const answer = await sendRaw(edge.url, [`${method} / HTTP/1.1\r\nHost: x\r\n`, 'X-A: a\0b\r\n\r\n'], { expect: 2, paceMs: 30 });
        const text = answer.data.toString('latin1');
        expect(text, method).toMatch(/^HTTP\/1\.1 400 /);
        expect(text.indexOf('\r\n\r\n'), method).toBe(text.length - 4);
        expect(answer.responses[0]!.headers['content-length'], method).toBeUndefined();
        expect(answer.closed, method).toBe(true);
      }
    });

    it('HEAD /api/health, answered by the door: the length of the document a GET gets, and no content (a GET behind it reads right)', async () => {
      const answer = await sendRaw(edge.url, [`${head(health)}${health}`], { expect: 2, headRequests: 1 });
      expect(answer.responses.map((r) => r.status)).toEqual([200, 200]);
      const [headAnswer, getAnswer] = answer.responses;
      expect(headAnswer!.headers['content-length']).toBe(String(getAnswer!.body.length));
      expect(JSON.parse(getAnswer!.body.toString())).toMatchObject({ status: 'ok' });
    });
  });

  describe('CONNECT gets an answer and Connection: close; no tunnel is ever opened (RFC 9110 §9.3.6)', () => {
    const cases: [string, string, number][] = [
      ['a host and port', 'CONNECT warden.example:443 HTTP/1.1\r\nHost: warden.example:443\r\n\r\n', 501],
      ['an IPv6 literal and port', 'CONNECT [::1]:443 HTTP/1.1\r\nHost: [::1]:443\r\n\r\n', 501],
      ['tunnel bytes right behind the head', 'CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\nSSH-2.0-x\r\n', 501],
      ['an origin-form target', 'CONNECT /mcp HTTP/1.1\r\nHost: x\r\n\r\n', 400],
      ['a host without its port', 'CONNECT warden.example HTTP/1.1\r\nHost: warden.example\r\n\r\n', 400],
      ['an absolute URI', 'CONNECT http://warden.example/ HTTP/1.1\r\nHost: warden.example\r\n\r\n', 400],
    ];
    it.each(cases)('%s → %s, then the connection closes', async (_name, raw, status) => {
      // Two answers are waited for, so the exchange ends only when the server closes the connection.
      const result = await sendRaw(edge.url, [raw], { expect: 2 });
      expect(result.responses.map((r) => r.status)).toEqual([status]);
      const [answer] = result.responses;
      expect(answer!.headers.connection).toBe('close');
      expect(answer!.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(answer!.body.toString()).toMatch(new RegExp(`^${status} `));
      expect(result.closed).toBe(true);
      expect(result.timedOut).toBe(false);
    });
  });

  describe('pipelined requests', () => {
    it('a malformed request behind a good one: the good one is answered first, then the refusal, then close', async () => {
      const result = await sendRaw(edge.url, [`${health}BREW / HTTP/1.1\r\nHost: x\r\n\r\n`], { expect: 2 });
      expect(result.responses.map((r) => r.status)).toEqual([200, 501]);
      expect(result.responses[1]!.headers.connection).toBe('close');
    });
  });

  describe('a body over the limit leaves the connection usable', () => {
    it('chunked, 1 MiB + 64 KiB: 413, then the next request on the same connection is answered (12 tries, paced and not)', async () => {
      for (let i = 0; i < 12; i++) {
        const result = await sendRaw(edge.url, [...chunked(1024 * 1024 + 64 * 1024), health], { expect: 2, paceMs: i % 2 ? 0 : 2 });
        expect(result.responses.map((r) => r.status)).toEqual([413, 200]);
        expect(result.timedOut).toBe(false);
      }
    });

    it('with Content-Length over the limit: 413, then the next request is answered', async () => {
      const body = 'x'.repeat(LIMIT + 10);
      const result = await sendRaw(
        edge.url,
        [`POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`, health],
        { expect: 2 },
      );
      expect(result.responses.map((r) => r.status)).toEqual([413, 200]);
    });
  });
});
