import fc from 'fast-check';
import { HEALTH_CHECK, toMcpPost, toRawRequest, type FuzzContext, type HostileCase } from './case.ts';

const PATHS = ['/mcp', '/.well-known/mcp'];
const GATED = ['tools/call', 'resources/subscribe', 'prompts/get', 'sampling/createMessage', 'completion/complete', 'logging/setLevel'];
/** Resources no one may read without a token (contract AUTH-2: Lessons and the hosted functions are behind OAuth). */
const PRIVATE_URIS = [
  'lessons://team/1',
  'skill://warden/../secrets',
  'skill://warden/SKILL.md?x=1',
  'SKILL://WARDEN/SKILL.MD',
  'file:///etc/passwd',
  '',
];

const wellFormed = (name: string, raw: string | Buffer, expect: number[]): HostileCase => ({
  category: 'mcp',
  name,
  chunks: [raw, HEALTH_CHECK],
  expect,
  keepAlive: true,
});
const rpc = (message: Record<string, unknown>) => JSON.stringify({ jsonrpc: '2.0', ...message });
/** Any JSON value, small. */
const json = fc.jsonValue({ maxDepth: 3 });

/**
 * JSON-RPC on both MCP paths (contract RPC-2, RPC-3, AUTH-2): public methods pass without a token, everything else needs one;
 * what is not one JSON-RPC message is 400; over the body limit is 413; other HTTP methods 405; a foreign Origin
 * 403. The upstream (recording-upstream.ts) answers 200 to requests and 202 to notifications.
 */
export function mcpCases(ctx: FuzzContext): fc.Arbitrary<HostileCase> {
  const path = fc.constantFrom(...PATHS);
  const bearer: [string, string] = ['Authorization', `Bearer ${ctx.goodToken}`];
  const gatedMethod = fc.oneof(
    fc.constantFrom(...GATED),
    fc.string({ minLength: 1, maxLength: 30 }).filter((m) => !ctx.publicMethods.includes(m) && !m.startsWith('notifications/')),
  );
  const id = fc.oneof(fc.integer(), fc.string({ maxLength: 20 }));
  const publicResources = ctx.publicResources ?? [];
  // resources/read is public only for the published resources: it has cases of its own below.
  const openMethods = ctx.publicMethods.filter((m) => !m.startsWith('notifications/') && m !== 'resources/read');
  return fc.oneof(
    fc
      .tuple(path, fc.constantFrom(...openMethods), id, json)
      .map(([p, method, i, params]) => wellFormed(`public ${method} without a token`, toMcpPost(p, rpc({ id: i, method, params })), [200])),
    ...(publicResources.length > 0
      ? [
          fc
            .tuple(path, fc.constantFrom(...publicResources), id)
            .map(([p, uri, i]) =>
              wellFormed(
                `resources/read of ${uri} without a token`,
                toMcpPost(p, rpc({ id: i, method: 'resources/read', params: { uri } })),
                [200],
              ),
            ),
        ]
      : []),
    fc
      .tuple(path, fc.oneof(fc.constantFrom(...PRIVATE_URIS), fc.webUrl(), fc.string({ maxLength: 40 })), id)
      .filter(([, uri]) => !publicResources.includes(uri))
      .map(([p, uri, i]) =>
        wellFormed(
          `resources/read of ${JSON.stringify(uri)} without a token`,
          toMcpPost(p, rpc({ id: i, method: 'resources/read', params: { uri } })),
          [401],
        ),
      ),
    fc
      .tuple(path, id, json)
      .filter(([, , params]) => !publicResources.includes(String((params as { uri?: unknown } | null)?.uri)))
      .map(([p, i, params]) =>
        wellFormed('resources/read with any params without a token', toMcpPost(p, rpc({ id: i, method: 'resources/read', params })), [401]),
      ),
    fc
      .tuple(path, fc.constantFrom('notifications/initialized', 'notifications/cancelled'))
      .map(([p, method]) => wellFormed(`${method} without a token`, toMcpPost(p, rpc({ method })), [202])),
    fc
      .tuple(path, gatedMethod, id, json)
      .map(([p, method, i, params]) =>
        wellFormed(`${JSON.stringify(method)} without a token`, toMcpPost(p, rpc({ id: i, method, params })), [401]),
      ),
    fc
      .tuple(path, gatedMethod, json)
      .map(([p, method, params]) =>
        wellFormed(`id-less ${JSON.stringify(method)} without a token`, toMcpPost(p, rpc({ method, params })), [401]),
      ),
    fc
      .tuple(path, fc.constantFrom('Basic dTpw', 'Bearer', 'Bearer a b', 'Token abc', `bearer  ${'x'.repeat(10)}`, 'Bearer "x"'))
      .map(([p, auth]) =>
        wellFormed(
          `tools/call with Authorization ${JSON.stringify(auth)}`,
          toMcpPost(p, rpc({ id: 1, method: 'tools/call', params: { name: 'get_account' } }), [['Authorization', auth]]),
          [401],
        ),
      ),
    fc
      .tuple(path, id)
      .map(([p, i]) =>
        wellFormed(
          'tools/call with a valid token',
          toMcpPost(p, rpc({ id: i, method: 'tools/call', params: { name: 'get_account', arguments: {} } }), [bearer]),
          [200],
        ),
      ),
    fc
      .tuple(path, fc.string({ maxLength: 200 }))
      .filter(([, text]) => !isOneMessage(text))
      .map(([p, text]) => wellFormed('a body that is not one JSON-RPC message', toMcpPost(p, text), [400])),
    fc
      .tuple(
        path,
        fc.array(fc.record({ jsonrpc: fc.constant('2.0'), id: fc.nat(), method: fc.constantFrom('tools/list', 'tools/call') }), {
          minLength: 1,
          maxLength: 4,
        }),
      )
      .map(([p, batch]) => wellFormed('a batch', toMcpPost(p, JSON.stringify(batch), [bearer]), [400])),
    fc
      .tuple(path, fc.constantFrom('method', 'id', 'jsonrpc', 'params'))
      .map(([p, key]) =>
        wellFormed(
          `"${key}" twice`,
          toMcpPost(p, `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{},"${key}":${key === 'params' ? '{}' : '"tools/call"'}}`, [
            bearer,
          ]),
          [400],
        ),
      ),
    fc
      .tuple(path, fc.constantFrom('tools/list', 'initialize'))
      .map(([p, method]) =>
        wellFormed(
          'Mcp-Method disagrees with the body',
          toMcpPost(p, rpc({ id: 1, method, params: {} }), [['Mcp-Method', 'tools/call']]),
          [400],
        ),
      ),
    fc.tuple(path, fc.integer({ min: 1, max: 3 * ctx.bodyLimitBytes }), fc.boolean()).map(([p, extra, chunked]) => {
      const body = rpc({ id: 1, method: 'tools/list', params: { pad: 'x'.repeat(ctx.bodyLimitBytes + extra) } });
      return wellFormed(
        `a ${body.length}-byte body, ${chunked ? 'chunked' : 'with Content-Length'}`,
        toMcpPost(p, body, [], chunked ? 64 * 1024 : undefined),
        [413],
      );
    }),
    fc
      .tuple(path, fc.constantFrom('PUT', 'PATCH', 'HEAD', 'TRACE'))
      .map(([p, method]) => ({ ...wellFormed(`${method} on ${p}`, toRawRequest({ method, target: p }), [405]), head: method === 'HEAD' })),
    path.map((p) => wellFormed(`OPTIONS ${p} without Origin`, toRawRequest({ method: 'OPTIONS', target: p }), [204])),
    path.map((p) =>
      wellFormed(
        `a preflight from this host's origin`,
        toRawRequest({
          method: 'OPTIONS',
          target: p,
          headers: [
            ['Origin', ctx.ownOrigin],
            ['Access-Control-Request-Method', 'POST'],
          ],
        }),
        [204],
      ),
    ),
    fc
      .tuple(
        path,
        fc
          .webUrl()
          .map((u) => new URL(u).origin)
          .filter((o) => o !== ctx.ownOrigin),
      )
      .map(([p, origin]) =>
        wellFormed(`a POST from Origin ${origin}`, toMcpPost(p, rpc({ id: 1, method: 'tools/list' }), [['Origin', origin]]), [403]),
      ),
    path.map((p) =>
      wellFormed('DELETE without a token', toRawRequest({ method: 'DELETE', target: p, headers: [['Mcp-Session-Id', 's1']] }), [401]),
    ),
    path.map((p) =>
      wellFormed(
        'GET (the legacy stream) without a token',
        toRawRequest({ method: 'GET', target: p, headers: [['Accept', 'text/event-stream']] }),
        [405],
      ),
    ),
  );
}

/** Whether a text happens to be one JSON-RPC message (the generator then skips it; its answer depends on content). */
function isOneMessage(text: string): boolean {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) && (value as { jsonrpc?: unknown }).jsonrpc === '2.0';
  } catch {
    return false;
  }
}
