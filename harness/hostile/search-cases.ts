import fc from 'fast-check';
import { HEALTH_CHECK, toRawRequest, type HostileCase } from './case.ts';

const request = (name: string, target: string, expect: number[], method = 'GET', accept?: string): HostileCase => ({
  category: 'search',
  name,
  chunks: [
    toRawRequest({ method, target, headers: accept ? [['Accept', accept]] : [], body: method === 'POST' ? 'q=x' : undefined }),
    HEALTH_CHECK,
  ],
  expect,
  keepAlive: true,
});

/** Queries shaped like patterns, escapes and markup: read as words, never as code. */
const PATTERNS = [
  '(a+)+$',
  '.*.*.*.*x',
  '[[[',
  '\\\\\\',
  '^$',
  '(?<=a)b',
  '%s%n%x',
  '<script>alert(1)</script>',
  '"]}}',
  '\x24{7*7}',
  '*'.repeat(300),
];
/** Bytes in no particular encoding, percent-encoded as a URL must carry them. */
const toPercentBytes = (bytes: Uint8Array) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/**
 * The docs' search (`GET /api/search`) under hostile queries: any text, bytes that are not UTF-8, huge and
 * Unicode-heavy queries, pattern syntax, bad limits and sections. Every one is answered 200 (results or none) or a
 * 400 problem, never a 5xx, a hang or a dropped connection (request lines past the parser's limit: http-cases.ts).
 */
export const searchCases: fc.Arbitrary<HostileCase> = fc.oneof(
  fc
    .string({ unit: 'grapheme', maxLength: 120 })
    .map((q) => request(`q ${JSON.stringify(q).slice(0, 60)}`, `/api/search?q=${encodeURIComponent(q)}`, [200, 400])),
  fc
    .uint8Array({ minLength: 1, maxLength: 200 })
    .map((bytes) => request(`q of ${bytes.length} raw bytes`, `/api/search?q=${toPercentBytes(bytes)}`, [200, 400])),
  fc
    .constantFrom(...PATTERNS)
    .map((q) => request(`q ${JSON.stringify(q).slice(0, 40)}`, `/api/search?q=${encodeURIComponent(q)}`, [200], 'GET', 'text/markdown')),
  fc
    .integer({ min: 501, max: 2500 })
    .map((n) => request(`a ${n}-character q`, `/api/search?q=${'a%C3%A9'.repeat(Math.ceil(n / 2))}`, [400])),
  fc.integer({ min: 3000, max: 12_000 }).map((n) => request(`a ${n}-byte q`, `/api/search?q=${'w+'.repeat(n / 2)}`, [400])),
  fc
    .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 30 }))
    .map(([limit, section]) =>
      request(
        `limit ${JSON.stringify(limit)} section ${JSON.stringify(section)}`,
        `/api/search?q=token&limit=${encodeURIComponent(limit)}&section=${encodeURIComponent(section)}`,
        [200, 400],
      ),
    ),
  fc.constantFrom('POST', 'PUT', 'DELETE').map((method) => request(`${method} /api/search`, '/api/search?q=token', [405], method)),
);
