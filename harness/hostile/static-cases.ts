import fc from 'fast-check';
import { HEALTH_CHECK, toRawRequest, type HostileCase } from './case.ts';

/** Pages and files every build has, with the status a GET gets. */
const KNOWN: [string, number][] = [
  ['/', 200],
  ['/docs/overview', 200],
  ['/docs/overview.md', 200],
  ['/llms.txt', 200],
  ['/openapi.json', 200],
  ['/.well-known/oauth-protected-resource', 200],
  ['/mcp/tools.json', 200],
  ['/install', 200],
  ['/api/health', 200],
  ['/docs/overview/', 308],
  ['/docs/nope', 404],
  ['/docs/nope.md', 404],
  ['/api/nope', 404],
  ['/_build.json', 404],
  ['/_headers', 404],
];
const DOT_DOT = [
  '..',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%2e.',
  '%252e%252e',
  '..%2f',
  '..%5c',
  '..%c0%af',
  '%c0%ae%c0%ae',
  '.',
  '%2e',
  '',
  '..;',
];
const TARGETS = ['etc/passwd', '_build.json', 'package.json', '.env', 'proxy/config.ts', 'etc/passwd.md', 'windows/win.ini', '.git/config'];
/** What a file outside dist would show. */
const OUTSIDE = /root:x:0:|"source_hash"|"devDependencies"|\[core\]|ConfigError/;
const ACCEPTS = [
  'text/markdown',
  'text/html',
  '*/*',
  'text/plain',
  'text/markdown;q=0.5, text/html',
  'application/json',
  '',
  'text/*;q=0.1',
  'x/y;q=',
  ';;;,,,',
];

const request = (name: string, raw: string | Buffer, expect: number[], head = false): HostileCase => ({
  category: 'static',
  name,
  chunks: [raw, HEALTH_CHECK],
  expect,
  keepAlive: true,
  head,
  forbidden: OUTSIDE,
});

/**
 * Path traversal, encodings, methods and Accept headers on the static site (contract NEGOTIATE-1, NEGOTIATE-2):
 * never a file outside dist.
 */
export const staticCases: fc.Arbitrary<HostileCase> = fc.oneof(
  fc
    .tuple(fc.constantFrom(...KNOWN), fc.constantFrom('GET', 'HEAD'), fc.constantFrom(...ACCEPTS))
    .map(([[path, status], method, accept]) =>
      request(
        `${method} ${path} (Accept ${JSON.stringify(accept)})`,
        toRawRequest({ method, target: path, headers: accept ? [['Accept', accept]] : [] }),
        [status],
        method === 'HEAD',
      ),
    ),
  fc
    .tuple(
      fc.constantFrom('', '/docs', '/_astro', '/api', '/.well-known'),
      fc.array(fc.constantFrom(...DOT_DOT), { minLength: 1, maxLength: 6 }),
      fc.constantFrom(...TARGETS),
      fc.constantFrom('/', '%2f', '%5c', '\\'),
    )
    .map(([base, dots, target, sep]) => {
      const path = `${base}/${dots.join(sep)}${sep}${target}`;
      // `..;` is an ordinary (if odd) segment name, never a parent: still nothing outside dist.
      return request(`traversal ${path}`, toRawRequest({ method: 'GET', target: path }), [404]);
    }),
  fc
    .array(fc.string({ unit: fc.constantFrom(...'abz09-._~%2Fe5c'), minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 5 })
    // Dot segments (also percent-encoded ones, WHATWG URL §4.4) resolve before routing: the traversal cases test those.
    .filter((segments) => !segments.some((s) => /^(\.|%2e){1,2}$/i.test(s)))
    .map((segments) => `/${segments.join('/')}`)
    .filter((path) => !KNOWN.some(([known]) => known === path))
    .map((path) => request(`GET ${path}`, toRawRequest({ method: 'GET', target: path }), [404, 308])),
  fc
    .integer({ min: 1000, max: 15_000 })
    .map((n) => request(`a ${n}-byte path`, toRawRequest({ method: 'GET', target: `/docs/${'x'.repeat(n)}` }), [404])),
  fc
    .tuple(fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH'), fc.constantFrom('/openapi.json', '/docs/overview', '/llms.txt'))
    .map(([method, path]) => request(`${method} ${path}`, toRawRequest({ method, target: path, body: 'x' }), [405])),
  fc
    .tuple(fc.constantFrom('POST', 'PUT', 'DELETE'), fc.constantFrom('/docs/nope', '/x.md', '/api/nope'))
    .map(([method, path]) => request(`${method} ${path}`, toRawRequest({ method, target: path, body: 'x' }), [404])),
  fc
    .constantFrom('/api/health', '/api/v1/health')
    .chain((path) =>
      fc
        .constantFrom('POST', 'PUT', 'DELETE')
        .map((method) => request(`${method} ${path}`, toRawRequest({ method, target: path, body: '{}' }), [405])),
    ),
);
