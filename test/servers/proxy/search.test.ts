import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../../facts/paths.ts';
import { createNodeHandler } from '../../../proxy/node/start-node-door.ts';
import { type Listening, listen } from '../../../proxy/node/listen.ts';
import { createUpstreamPool } from '../../../proxy/node/upstream-pool.ts';
import { DIST } from '../../helpers/built-site.ts';
import { BASE_URL, createTestApp, createTestConfig, loadFiles } from '../../helpers/proxy/test-app.ts';

// `GET /api/search` over the real build's index, on both doors: the web door's app.request() and the Node door on a
// loopback port. Both answer from the same plan (test/worker/parity.test.ts compares them byte for byte with the worker).
// Then the docs MCP server's search_docs, from the same index, through both official SDK clients.
const files = loadFiles(DIST);
const app = createTestApp({ files });
const pool = createUpstreamPool({ timeoutMs: 1000 });
let node: Listening;
beforeAll(async () => {
  node = await listen(createNodeHandler(createTestConfig(), { files, dispatch: pool.dispatch }), '127.0.0.1', 0);
});
afterAll(async () => {
  await node?.close();
  await pool.close();
});

/** Asks both doors; returns the two answers (the web door's first). */
const ask = async (target: string, init: RequestInit = {}) => [await app.request(target, init), await fetch(`${node.url}${target}`, init)];

describe('GET /api/search', () => {
  it('answers JSON by default, best first, absolute URLs on the base URL, with Vary: Accept, CORS and a cache policy', async () => {
    for (const res of await ask('/api/search?q=how%20do%20I%20get%20a%20token%20for%20a%20CI%20job%20without%20a%20browser')) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(res.headers.get('vary')).toBe('Accept');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
      const body = (await res.json()) as { query: string; results: { url: string; markdown: string; score: number; snippet: string }[] };
      expect(body.query).toBe('how do I get a token for a CI job without a browser');
      expect(body.results.length).toBeGreaterThan(0);
      expect(body.results.length).toBeLessThanOrEqual(5);
      for (const r of body.results) {
        expect(r.url.startsWith(`${BASE_URL}/`), r.url).toBe(true);
        expect(r.markdown.startsWith(`${BASE_URL}/`), r.markdown).toBe(true);
        expect(r.markdown).toMatch(/\.md(#|$)/);
        expect(r.snippet.length).toBeLessThanOrEqual(300);
      }
      const scores = body.results.map((r) => r.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
  });

  it('answers a numbered markdown list for Accept: text/markdown, with its token estimate', async () => {
    for (const res of await ask('/api/search?q=-31401&limit=3', { headers: { accept: 'text/markdown' } })) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(res.headers.get('x-markdown-tokens')).toMatch(/^[1-9]\d*$/);
      const text = await res.text();
      expect(text).toMatch(/^# Search: -31401\n/);
      expect(text).toMatch(/^1\. \[.+\]\(<https?:\/\/[^/>]+\/.+\.md(#[^>]*)?>\)/m);
      expect(text).toContain(`(<${BASE_URL}/`);
    }
  });

  it('a query that matches nothing is 200 with no results, never a 404', async () => {
    for (const res of await ask('/api/search?q=zzqqxxvvkk')) {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ query: 'zzqqxxvvkk', results: [] });
    }
  });

  it('limit and section narrow the results', async () => {
    for (const res of await ask('/api/search?q=token&limit=2&section=/docs/reference')) {
      const body = (await res.json()) as { results: { url: string }[] };
      expect(body.results.length).toBeLessThanOrEqual(2);
      for (const r of body.results) expect(r.url.startsWith(`${BASE_URL}/docs/reference/`), r.url).toBe(true);
    }
  });

  it.each([
    ['', 'search_query_missing'],
    ['?q=', 'search_query_empty'],
    ['?q=%20%09', 'search_query_empty'],
    [`?q=${'a'.repeat(501)}`, 'search_query_too_long'],
    ['?q=x&limit=0', 'search_limit_invalid'],
    ['?q=x&limit=21', 'search_limit_invalid'],
    ['?q=x&limit=two', 'search_limit_invalid'],
    ['?q=x&section=/etc', 'search_section_invalid'],
  ])('%s is a 400 problem with code %s', async (query, code) => {
    for (const res of await ask(`/api/search${query}`)) {
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(await res.json()).toMatchObject({ status: 400, code, instance: '/api/search' });
    }
  });

  it('HEAD gets the headers of GET; OPTIONS says the methods and answers a preflight; POST is a 405 problem', async () => {
    for (const res of await ask('/api/search?q=token', { method: 'HEAD' })) {
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
    }
    for (const res of await ask('/api/search', {
      method: 'OPTIONS',
      headers: { origin: 'https://agent.example', 'access-control-request-method': 'GET' },
    })) {
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
    for (const res of await ask('/api/search?q=token', { method: 'POST', body: 'q=token' })) {
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    }
  });
});

/** The one interface of both SDK clients that these checks use. */
interface DocsClient {
  listTools(): Promise<{ tools: Array<{ name: string; inputSchema: object; annotations?: object }> }>;
  callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<Record<string, unknown>>;
  listResources(params?: { cursor?: string }): Promise<{ resources: Array<{ uri: string; name: string }>; nextCursor?: string }>;
  readResource(params: { uri: string }): Promise<{ contents: Array<Record<string, unknown>> }>;
  close(): Promise<void>;
}

/** A connected SDK client of `sdk` at the Node door's docs MCP server, with no credential of any kind. */
async function connectDocs(sdk: 'v1' | 'v2'): Promise<DocsClient> {
  const url = new URL(`${node.url}${PATHS.mcpDocs}`);
  if (sdk === 'v1') {
    const client = new ClientV1({ name: 'docs-v1', version: '0.0.1' });
    await client.connect(new TransportV1(url));
    return client as unknown as DocsClient;
  }
  const client = new ClientV2({ name: 'docs-v2', version: '0.0.1' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new TransportV2(url));
  expect(client.getProtocolEra()).toBe('modern');
  return client as unknown as DocsClient;
}

describe.each(['v1', 'v2'] as const)('the docs MCP server through the %s SDK client, with no sign-in', (sdk) => {
  it("lists the docs tools and calls each: search_docs answers /api/search's JSON, read_docs_page the twin", async () => {
    const client = await connectDocs(sdk);
    try {
      const { tools } = await client.listTools();
      expect(tools).toEqual(createTestConfig().docsServer.tools);
      const search = await client.callTool({ name: 'search_docs', arguments: { q: 'what does -31403 mean', limit: 3 } });
      const [api] = await ask('/api/search?q=what+does+-31403+mean&limit=3');
      expect(search.structuredContent).toEqual(await api!.json());
      const read = await client.callTool({ name: 'read_docs_page', arguments: { path: '/docs/connect-mcp' } });
      const [twin] = await ask('/docs/connect-mcp.md');
      expect(read.content).toEqual([{ type: 'text', text: await twin!.text() }]);
      const missing = await client.callTool({ name: 'read_docs_page', arguments: { path: '/docs/no-such-page' } });
      expect(missing.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it("lists every page's twin as a resource, cursor by cursor, and reads one", async () => {
    const client = await connectDocs(sdk);
    try {
      const uris: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listResources(cursor ? { cursor } : undefined);
        uris.push(...page.resources.map((r) => r.uri));
        cursor = page.nextCursor;
      } while (cursor);
      expect(uris).toContain(`${BASE_URL}/docs/connect-mcp.md`);
      expect(new Set(uris).size).toBe(uris.length);
      const { contents } = await client.readResource({ uri: `${BASE_URL}/docs/connect-mcp.md` });
      const [twin] = await ask('/docs/connect-mcp.md');
      expect(contents).toEqual([{ uri: `${BASE_URL}/docs/connect-mcp.md`, mimeType: 'text/markdown', text: await twin!.text() }]);
    } finally {
      await client.close();
    }
  });
});
