import { METHODS } from 'node:http';
import fc from 'fast-check';
import { toMcpPost, type HostileCase } from './case.ts';

const malformed = (name: string, raw: string | Buffer, expect: number, extra: Partial<HostileCase> = {}): HostileCase => ({
  category: 'http',
  name,
  chunks: [raw],
  expect: [expect],
  mustClose: true,
  ...extra,
});

const get = (target: string, headers = '') => `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`;
const letters = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: min, maxLength: max });

/**
 * Requests node:http cannot parse (RFC 9112), and CONNECT, which it hands over with the bare socket: each with the
 * status a correct server answers and Connection: close.
 */
export const httpCases: fc.Arbitrary<HostileCase> = fc.oneof(
  fc
    .integer({ min: 16_500, max: 100_000 })
    .map((n) => malformed(`a ${n}-byte header`, get('/', `Authorization: Bearer ${'a'.repeat(n)}\r\n`), 431)),
  fc
    .integer({ min: 1600, max: 4000 })
    .map((n) => malformed(`${n} header lines`, get('/', Array.from({ length: n }, (_, i) => `X-${i}: y\r\n`).join('')), 431)),
  fc.integer({ min: 16_500, max: 70_000 }).map((n) => malformed(`a ${n}-byte request target`, get(`/${'a'.repeat(n)}`), 414)),
  letters(3, 10)
    .filter((m) => !METHODS.includes(m))
    .map((m) => malformed(`unknown method ${m}`, `${m} /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, 501)),
  fc.constantFrom(...METHODS).map((m) => malformed(`lower-case ${m.toLowerCase()}`, get('/').replace(/^GET/, m.toLowerCase()), 501)),
  fc
    .tuple(fc.constantFrom('\r', '\n', '\0'), fc.string({ unit: fc.constantFrom(...'abcxyz019'), minLength: 1, maxLength: 20 }))
    .map(([bad, around]) =>
      malformed(`${JSON.stringify(bad)} inside a header value`, get('/', `X-Note: ${around}${bad}${around}\r\n`), 400),
    ),
  fc.constant(malformed('obs-fold', get('/', 'X-A: a\r\n  folded\r\n'), 400)),
  fc.constant(
    malformed(
      'Content-Length and Transfer-Encoding',
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      400,
    ),
  ),
  fc
    .constantFrom('-1', 'abc', '1.5', '0x10', '+5', '5, 6')
    .map((length) =>
      malformed(`Content-Length: ${length}`, `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${length}\r\n\r\n{}`, 400),
    ),
  fc.constant(
    malformed(
      'two different Content-Lengths',
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
      400,
    ),
  ),
  fc.constantFrom('zz', 'g', '-1', ' ', '0x2').map((size) => ({
    ...malformed(`chunk size ${JSON.stringify(size)} after the headers reached the app`, '', 400),
    chunks: [
      toMcpPost('/mcp', '')
        .toString()
        .replace(/Content-Length: 0\r\n/, 'Transfer-Encoding: chunked\r\n'),
      `${size}\r\n{}\r\n0\r\n\r\n`,
    ],
    paceMs: 20,
  })),
  fc.constantFrom('HTTP/3.0', 'HTTP/9.9').map((v) => malformed(`version ${v}`, get('/').replace('HTTP/1.1', v), 505)),
  fc.constantFrom('HTTP/1.1x', 'HTTX/1.1', 'HTTP/11').map((v) => malformed(`version ${v}`, get('/').replace('HTTP/1.1', v), 400)),
  fc
    .uint8Array({ min: 0x80, max: 0xff, minLength: 1, maxLength: 8 })
    .map((bytes) =>
      malformed(
        'raw non-ASCII in the path',
        Buffer.concat([Buffer.from('GET /x'), Buffer.from(bytes), Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')]),
        400,
      ),
    ),
  fc
    .constantFrom('warden.example:443', '127.0.0.1:22', '[::1]:8080')
    .map((target) => malformed(`CONNECT ${target}`, `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`, 501)),
  fc
    .constantFrom('/', '/mcp', 'warden.example', 'http://warden.example/')
    .map((target) => malformed(`CONNECT ${target}`, `CONNECT ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, 400)),
  fc.constant(malformed('a TLS client hello', Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03]), 400)),
);
