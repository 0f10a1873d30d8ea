import { afterAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../../facts/paths.ts';
import { ConfigError } from '../../../proxy/config.ts';
import { RESOURCES_PER_LIST } from '../../../proxy/docs-mcp/docs-resources.ts';
import { toSearchIndexFiles } from '../../../runtime/search/create-search-index.ts';
import type { SearchPageInput } from '../../../runtime/search/search-index-format.ts';
import { createFixtureDist, FIXTURE_FILES } from '../../helpers/proxy/fixture-dist.ts';
import { PAGES } from '../../helpers/search-fixture.ts';
import { BASE_URL, createRecordingForward, createTestApp, createTestConfig, loadFiles } from '../../helpers/proxy/test-app.ts';

// The docs MCP server (/mcp/docs) through app.request(), over a fixture build with a search index of its own: the
// search fixture's pages, and enough generated ones that resources/list takes three answers.
const GENERATED = 2 * RESOURCES_PER_LIST + 50;
const pages: SearchPageInput[] = [
  ...PAGES,
  ...Array.from({ length: GENERATED }, (_, i) => ({
    path: `/docs/generated/page-${String(i).padStart(3, '0')}`,
    title: `Generated page ${i}`,
    description: 'A page of the fixture',
    sections: [{ heading: '', fragment: '', text: `Lorem ipsum ${i}.` }],
  })),
];
const files: Record<string, string> = { ...FIXTURE_FILES, 'docs/generated/page-007.md': '# Generated page 7\n' };
for (const file of toSearchIndexFiles(pages)) files[file.path.slice(1)] = file.text;
const dist = createFixtureDist(files);
const { seen, forward } = createRecordingForward();
const app = createTestApp({ files: loadFiles(dist.dir), forward });
afterAll(() => dist.remove());

const LEGACY = { 'mcp-protocol-version': '2025-11-25' };
const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const post = (body: string, headers: Record<string, string> = {}, path: string = PATHS.mcpDocs) =>
  app.request(path, { method: 'POST', body, headers: { 'content-type': 'application/json', accept: 'application/json', ...headers } });
const rpc = (id: number, method: string, params: object = {}) => JSON.stringify({ jsonrpc: '2.0', id, method, params });
/** The members of the results read here (each result has some of them). */
interface RpcResult {
  protocolVersion: string;
  serverInfo: Record<string, string>;
  capabilities: Record<string, unknown>;
  instructions: string;
  supportedVersions: string[];
  tools: Array<{ name: string }>;
  content: Array<{ type: string; text: string }>;
  structuredContent?: unknown;
  isError?: boolean;
  resources: Array<{ uri: string; name: string; title: string; mimeType: string }>;
  nextCursor?: string;
  resourceTemplates: unknown[];
  contents: unknown[];
}
interface RpcMessage {
  id: number;
  result?: RpcResult;
  error?: { code: number; message: string; data?: Record<string, unknown> };
}
/** The JSON-RPC response to one request, in the JSON form. */
async function call(method: string, params: object = {}, headers: Record<string, string> = LEGACY) {
  const res = await post(rpc(7, method, params), headers);
  expect(res.headers.get('content-type'), method).toBe('application/json');
  return { status: res.status, message: (await res.json()) as RpcMessage };
}
const callTool = async (name: string, args: object) => (await call('tools/call', { name, arguments: args })).message.result!;

describe('the docs MCP server at /mcp/docs', () => {
  it('initializes without a credential, as the build names it, with tools and resources and no session', async () => {
    const init = await post(
      rpc(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'curl', version: '1' } }),
    );
    expect(init.status).toBe(200);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    const { result } = (await init.json()) as { result: RpcResult };
    const server = createTestConfig().docsServer;
    expect(result.protocolVersion).toBe('2025-11-25');
    expect(result.serverInfo).toMatchObject({ name: server.name, title: server.title, version: server.version });
    expect(result.capabilities).toEqual({ tools: {}, resources: {} });
    expect(result.instructions).toBe(server.instructions);
  });

  it('lists exactly the docs tools of content/docs-tools/, read-only, and the modern era (server/discover) too', async () => {
    const { message } = await call('tools/list');
    expect(message.result!.tools).toEqual(createTestConfig().docsServer.tools);
    expect(message.result!.tools.map((t) => t.name).sort()).toEqual(['read_docs_page', 'search_docs']);
    const modern = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' };
    const discover = await call('server/discover', { _meta: MODERN_META }, modern);
    expect(discover.message.result!.supportedVersions).toContain('2026-07-28');
    const listed = await call('tools/list', { _meta: MODERN_META }, { ...modern, 'mcp-method': 'tools/list' });
    expect(listed.message.result!.tools).toEqual(message.result!.tools);
  });

  it('search_docs answers what GET /api/search answers for the same arguments, and its refusals in its words', async () => {
    for (const [args, query] of [
      [{ q: 'sign in without a browser' }, 'q=sign+in+without+a+browser'],
      [{ q: 'lorem', limit: 3, section: '/docs/generated' }, 'q=lorem&limit=3&section=%2Fdocs%2Fgenerated'],
    ] as const) {
      const api = await (await app.request(`/api/search?${query}`)).json();
      expect(api.results.length).toBeGreaterThan(0);
      const result = await callTool('search_docs', args);
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent).toEqual(api);
      expect(JSON.parse(result.content[0].text)).toEqual(api);
    }
    for (const [args, query] of [
      [{ q: 'runs', limit: 50 }, 'q=runs&limit=50'],
      [{ q: '   ' }, 'q=%20%20%20'],
      [{ q: 'x', section: '/api' }, 'q=x&section=%2Fapi'],
    ] as const) {
      const problem = await (await app.request(`/api/search?${query}`)).json();
      expect(await callTool('search_docs', args)).toEqual({
        isError: true,
        content: [{ type: 'text', text: `${problem.code}: ${problem.detail}` }],
      });
    }
  });

  it('a call whose arguments do not fit the input schema is an error result naming why', async () => {
    for (const [args, why] of [
      [{}, 'q is required'],
      [{ q: 'x', limit: '3' }, 'limit must be of type integer'],
      [{ q: 'x', page: 2 }, 'page is not an argument of this tool'],
    ] as const) {
      expect(await callTool('search_docs', args)).toEqual({
        isError: true,
        content: [{ type: 'text', text: `Invalid arguments for search_docs: ${why}.` }],
      });
    }
  });

  it("read_docs_page returns the twin's text; another site, a non-docs path or a missing page is an error in the WebMCP tool's words", async () => {
    for (const [path, twin] of [
      ['/docs/overview', 'docs/overview.md'],
      [`${BASE_URL}/docs/overview#sign-in`, 'docs/overview.md'],
      ['/docs/overview.html', 'docs/overview.md'],
      ['/', 'index.md'],
    ] as const) {
      expect(await callTool('read_docs_page', { path })).toEqual({ content: [{ type: 'text', text: FIXTURE_FILES[twin] }] });
    }
    const errors = await Promise.all(
      ['/docs/no-such-page', 'https://elsewhere.example/docs/overview', '/api/health'].map((path) => callTool('read_docs_page', { path })),
    );
    expect(errors.map((e) => [e.isError, e.content[0].text])).toEqual([
      [true, 'There is no page at /docs/no-such-page on this site. search_docs finds the page that answers a question.'],
      [true, `https://elsewhere.example is another site: only pages of ${BASE_URL} can be read here.`],
      [true, '/api/health is not a docs page: give the path of a page under /docs (or / for the home page).'],
    ]);
  });

  it('an unknown tool is a protocol error (-32602)', async () => {
    expect((await call('tools/call', { name: 'get_run', arguments: {} })).message.error).toMatchObject({ code: -32602 });
  });

  it(`lists every page's twin as a resource, ${RESOURCES_PER_LIST} at a time by cursor, and reads each`, async () => {
    const listed: RpcResult['resources'] = [];
    let cursor: string | undefined;
    let answers = 0;
    do {
      const { message } = await call('resources/list', cursor ? { cursor } : {});
      listed.push(...message.result!.resources);
      cursor = message.result!.nextCursor;
      answers++;
    } while (cursor);
    expect(answers).toBe(3);
    expect(listed.map((r) => r.name)).toEqual(pages.map((p) => p.path));
    expect(listed[0]).toEqual({ uri: `${BASE_URL}/docs/cli.md`, name: '/docs/cli', title: 'CLI', mimeType: 'text/markdown' });
    const page7 = listed.find((r) => r.name === '/docs/generated/page-007')!;
    expect((await call('resources/read', { uri: page7.uri })).message.result).toEqual({
      contents: [{ uri: page7.uri, mimeType: 'text/markdown', text: files['docs/generated/page-007.md'] }],
    });
    // The home page's twin, /index.md, is a page's like any other.
    const home = `${BASE_URL}/index.md`;
    expect((await call('resources/read', { uri: home })).message.result).toEqual({
      contents: [{ uri: home, mimeType: 'text/markdown', text: FIXTURE_FILES['index.md'] }],
    });
    expect((await call('resources/list', { cursor: 'nope' })).message.error).toMatchObject({ code: -32602 });
    expect((await call('resources/templates/list')).message.result).toMatchObject({ resourceTemplates: [] });
  });

  it('a URI that is no listed twin is -32602 with the URI in data (SEP-2164)', async () => {
    for (const uri of [
      `${BASE_URL}/docs/no-such-page.md`,
      `${BASE_URL}/docs/overview`,
      'https://elsewhere.example/docs/overview.md',
      `${BASE_URL}/llms.txt`,
    ]) {
      const { message } = await call('resources/read', { uri });
      expect(message.error, uri).toMatchObject({ code: -32602, data: { uri } });
    }
  });

  it('needs no token, reads none, and never forwards: a bogus Bearer token changes nothing', async () => {
    const before = seen.length;
    const args = { name: 'read_docs_page', arguments: { path: '/docs/overview' } };
    const plain = await (await post(rpc(3, 'tools/call', args), LEGACY)).text();
    const withToken = await (await post(rpc(3, 'tools/call', args), { ...LEGACY, authorization: 'Bearer not-a-token' })).text();
    expect(withToken).toBe(plain);
    expect(JSON.parse(plain).result.content[0].text).toBe(FIXTURE_FILES['docs/overview.md']);
    expect(seen.length).toBe(before);
  });

  it('answers in the form the client accepts: one SSE event for a stream-only client', async () => {
    const res = await post(rpc(4, 'ping'), { ...LEGACY, accept: 'text/event-stream' });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(await res.text()).toMatch(/^event: message\ndata: \{.*"id":4/);
  });

  it('refuses malformed messages with the JSON-RPC errors of /mcp, in the same words', async () => {
    const limit = createTestConfig().bodyLimitBytes;
    for (const [body, headers] of [
      ['{not json', {}],
      [`[${rpc(1, 'ping')}]`, {}],
      ['{"jsonrpc":"1.0","id":1,"method":"ping"}', {}],
      ['{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}', {}],
      [rpc(1, 'tools/list'), { 'mcp-method': 'tools/call' }],
      [JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(limit) } }), {}],
    ] as const) {
      const [docs, mcp] = [await post(body, headers), await post(body, headers, PATHS.mcp)];
      expect(docs.status, body.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect([docs.status, await docs.json()]).toEqual([mcp.status, await mcp.json()]);
    }
    // Accept is the hosted endpoint's to check behind /mcp; here it is checked as the hosted endpoint checks it.
    const html = await post(rpc(1, 'ping'), { accept: 'text/html' });
    expect([html.status, (await html.json()).error.code]).toEqual([406, -31406]);
  });

  it('a browser gets the Connect page at its address; preflights, origins and methods as on /mcp', async () => {
    const page = await app.request(PATHS.mcpDocs, { headers: { accept: 'text/markdown' } });
    const connect = await app.request(PATHS.connectMcpDoc, { headers: { accept: 'text/markdown' } });
    expect([page.status, await page.text()]).toEqual([connect.status, await connect.text()]);
    const preflight = await app.request(PATHS.mcpDocs, {
      method: 'OPTIONS',
      headers: { origin: BASE_URL, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(BASE_URL);
    const foreign = await post(rpc(1, 'ping'), { origin: 'https://evil.example' });
    expect([foreign.status, (await foreign.json()).error.code]).toEqual([403, -31403]);
    const put = await app.request(PATHS.mcpDocs, { method: 'PUT' });
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, POST, DELETE, OPTIONS']);
    expect(
      (await app.request(`${PATHS.mcpDocs}/`, { method: 'POST', body: rpc(1, 'ping'), headers: { 'content-type': 'application/json' } }))
        .status,
    ).toBe(200);
  });

  it('an edge whose build lists a docs tool it has no handler for refuses to start, naming it', () => {
    const config = createTestConfig();
    const docsServer = {
      ...config.docsServer,
      tools: [...config.docsServer.tools, { ...config.docsServer.tools[0]!, name: 'submit_feedback' }],
    };
    expect(() => createTestApp({ files: new Map() }, { docsServer })).toThrow(ConfigError);
    expect(() => createTestApp({ files: new Map() }, { docsServer })).toThrow(
      /submit_feedback: no handler in proxy\/docs-mcp\/docs-tool-handlers\.ts/,
    );
  });
});
