/**
 * One answer at every door: the same dist served by the Node server (`npm run serve`) and by the worker in workerd with
 * wrangler.jsonc's real asset settings (what the CDN serves), asked the same requests: every file of the build and
 * every route kind, by method, Accept and Accept-Encoding. Status, reason, headers and bytes must be equal, but for
 * the transport's own differences named in test/helpers/door-parity.ts. Over the test build and, in the `scale`
 * project, a sample of the 5,000-page build.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildFacts } from '../../facts/build-facts.ts';
import { PATHS } from '../../facts/paths.ts';
import { startWorker, type RunningWorker } from '../../harness/start-worker.ts';
import { readEnv } from '../../proxy/config.ts';
import { readBuildFacts } from '../../proxy/node/build-info.ts';
import { type NodeDoor, startNodeDoor } from '../../proxy/node/start-node-door.ts';
import { PRIVATE_FILES } from '../../proxy/static/static-files.ts';
import { listFiles } from '../../runtime/node/list-files.ts';
import { createLogger } from '../../runtime/node/create-logger.ts';
import { DIST } from '../helpers/built-site.ts';
import { eachLimited, type Exchange, type ParityRequest, send, toParityDifferences } from '../helpers/door-parity.ts';
import { startUpstream, type TestUpstream } from '../helpers/proxy/upstream.ts';
import { toReportPath } from '../../runtime/feedback/feedback-paths.ts';

// PATCH: a method HTTP knows and no route takes. A token no parser knows (BREW) is refused by each door's HTTP parser
// before any route sees it: its status is checked on its own below.
const METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS', 'PATCH'];
const ACCEPTS: Record<string, string>[] = [{}, { accept: 'text/html' }, { accept: 'text/markdown' }, { accept: '*/*' }];
const ENCODINGS: Record<string, string>[] = [{}, { 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip' }];
/**
 * The User-Agent dimension, asked of every page (the only answers it may change: proxy/static/negotiate.ts
 * toPageVariant): an AI agent with Accept open and with HTML named, a search engine's crawler, a browser.
 */
const AGENTS: Record<string, string>[] = [
  { 'user-agent': 'ClaudeBot/1.0' },
  { 'user-agent': 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0; +https://openai.com/gptbot)', accept: '*/*' },
  { 'user-agent': 'ClaudeBot/1.0', accept: 'text/html' },
  { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', accept: '*/*' },
  { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0 Safari/537.36' },
];
const RPC = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });

/** A build of up to this many files (the real content's) has every file asked for. */
const EVERY_FILE_UP_TO = 1_000;
/**
 * Of a larger one (the 5,000-page build), an even sample of this many: what it adds is the doors agreeing over a large
 * asset manifest, which a sample shows; every kind of file is asked over the test build, each of its files.
 */
const SAMPLE = 80;
/** Each file is asked 60 requests on each door: a few thousand exchanges, which a busy two-core machine takes a while over. */
const MATRIX_TIMEOUT_MS = 180_000;

/** Paths of every route kind, in the spellings the route table accepts (proxy/routes.ts), beside the build's files. */
const ROUTE_PATHS = [
  '/api/health',
  '/api/v1/health',
  '/api/health/',
  '/mcp',
  '/.well-known/mcp',
  '/mcp/',
  '/mcp/docs',
  '/mcp/docs/',
  '/api/nope',
  '/api/',
  '/api/search?q=how%20do%20I%20get%20a%20token%20for%20a%20CI%20job',
  '/api/search?q=-31401&limit=2&section=/docs',
  '/api/search',
  '/api/search?q=zzzzqqqq',
  '/',
  '/docs/overview',
  '/docs/overview/',
  '/docs/nope',
  '/docs/nope.md',
  '/docs/%6Fverview',
  '/docs/../llms.txt',
  '/.well-known/oauth-protected-resource',
  '/_astro/missing.css',
  '/%zz',
  '/api/feedback',
  `/api/feedback/fb_${'a'.repeat(26)}`,
  '/api/feedback/gaps',
];

/** The build's public files, as paths (the servers' own files and the precompressed variants are not). */
function toFilePaths(dist: string): string[] {
  const paths = listFiles(dist)
    .map((file) => `/${file}`)
    .filter((path) => !PRIVATE_FILES.has(path) && !/\.(br|gz)$/.test(path));
  if (paths.length <= EVERY_FILE_UP_TO) return paths;
  const step = paths.length / SAMPLE;
  return Array.from({ length: SAMPLE }, (_, i) => paths[Math.floor(i * step)]!);
}

/** Every request of the matrix for one path: methods × Accept × Accept-Encoding. */
function toMatrix(path: string): ParityRequest[] {
  return METHODS.flatMap((method) =>
    ACCEPTS.flatMap((accept) =>
      ENCODINGS.map((encoding) => {
        const headers: Record<string, string> = { ...accept, ...encoding };
        if (method === 'POST') headers['content-type'] = 'application/json';
        return { method, path, headers, body: method === 'POST' ? RPC : undefined };
      }),
    ),
  );
}

let upstream: TestUpstream;
let node: NodeDoor;
let worker: RunningWorker;
let facts: BuildFacts;
let feedbackDir: string | undefined;

beforeAll(async () => {
  // The hosted tool endpoint both doors forward to: one JSON-RPC answer for every request.
  upstream = await startUpstream((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'parity' });
    res.end('{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}');
  });
  facts = readBuildFacts(DIST)!;
  // Each door checks tokens against the same key set (the operator's gate judges a request without one alone), and
  // keeps its feedback store: the Node door in a folder of its own, the worker in its D1, migrated as an operator does.
  const jwksUrl = `${upstream.url}/jwks`;
  feedbackDir = mkdtempSync(join(tmpdir(), 'warden-parity-feedback-'));
  const env = readEnv({
    HOST: '127.0.0.1',
    PORT: '0',
    BASE_URL: facts.base_url,
    APP_URL: upstream.url,
    WARDEN_OUT_DIR: DIST,
    METRICS_PORT: 'off',
    FEEDBACK_DATA_DIR: feedbackDir,
  });
  const logger = createLogger({ level: 'silent', service: 'edge', destination: { write() {} } });
  [node, worker] = await Promise.all([
    startNodeDoor(env, facts, { appUrl: upstream.url, issuer: facts.auth_issuer, jwksUrl }, { logger }),
    startWorker(DIST, { vars: { APP_URL: upstream.url, TOKEN_JWKS_URL: jwksUrl } }),
  ]);
}, 120_000);

afterAll(async () => {
  await node?.close();
  await worker?.dispose();
  await upstream?.close();
  if (feedbackDir) rmSync(feedbackDir, { recursive: true, force: true });
});

/** Asks both doors every request; returns the differences found. */
async function compare(requests: ParityRequest[]): Promise<string[]> {
  const differences: string[] = [];
  await eachLimited(requests, 8, async (r) => {
    const [a, b]: Exchange[] = await Promise.all([send(node.url, r), send(worker.origin, r)]);
    differences.push(...toParityDifferences(r, a, b));
  });
  return differences;
}

describe('the Node server and the CDN answer alike', () => {
  const files = toFilePaths(DIST);

  it(`every route kind: ${ROUTE_PATHS.length} paths × ${METHODS.length} methods × ${ACCEPTS.length} Accept × ${ENCODINGS.length} Accept-Encoding`, async () => {
    const requests = ROUTE_PATHS.flatMap(toMatrix);
    const sent = [
      ...requests,
      ...ROUTE_PATHS.map((path) => ({ method: 'GET', path, headers: { 'x-request-id': 'parity-7', origin: 'https://reader.example' } })),
    ];
    const differences = await compare(sent);
    expect(differences.slice(0, 30), `${differences.length} differences`).toEqual([]);
  });

  it(
    `every file of the build (${files.length} files) × the same matrix`,
    async () => {
      const differences = await compare(files.flatMap(toMatrix));
      expect(differences.slice(0, 30), `${differences.length} differences`).toEqual([]);
    },
    MATRIX_TIMEOUT_MS,
  );

  it(`every page × ${AGENTS.length} User-Agents (AI agents, a crawler, a browser) × ${ENCODINGS.length} Accept-Encoding`, async () => {
    const pages = files.filter((path) => path.endsWith('.html')).map((path) => path.replace(/\.html$/, '').replace(/^\/index$/, '/'));
    expect(pages.length).toBeGreaterThan(0);
    const requests = pages.flatMap((path) =>
      AGENTS.flatMap((agent) => ENCODINGS.map((encoding) => ({ method: 'GET', path, headers: { ...agent, ...encoding } }))),
    );
    const differences = await compare(requests);
    expect(differences.slice(0, 30), `${differences.length} differences`).toEqual([]);
  });

  it('feedback: a report taken, each kind of bad input, a foreign Origin, OPTIONS, an unknown id and the operator without a token', async () => {
    const site = new URL(facts.base_url).origin;
    const json = { 'content-type': 'application/json' };
    const post = (body: string, headers: Record<string, string> = json, query = ''): ParityRequest => ({
      method: 'POST',
      path: `${PATHS.feedback}${query}`,
      headers,
      body,
    });
    const report = (fields: object) => JSON.stringify({ page: '/docs/overview', ...fields });
    const unknownId = toReportPath(`fb_${'b'.repeat(26)}`);
    const requests: ParityRequest[] = [
      post(report({ helpful: false, comment: 'The example is out of date.', kind: 'incorrect', mood: 'sad' })),
      post(report({ helpful: true, section: 'install' }), { ...json, origin: site }, '?source=page'),
      post('{"page":'),
      post('[]'),
      post(JSON.stringify({ helpful: true })),
      post(report({})),
      post(report({ comment: '   ' })),
      post(report({ helpful: true, kind: 'typo' })),
      post(report({ helpful: 'yes' })),
      post(report({ helpful: true, section: 'two words' })),
      post(JSON.stringify({ page: '/docs/nowhere', helpful: true })),
      post(JSON.stringify({ page: 'https://elsewhere.example/docs/overview', helpful: true })),
      post('page=/docs/overview&helpful=true', { 'content-type': 'application/x-www-form-urlencoded' }),
      post(report({ comment: 'x'.repeat(facts.feedback.body_bytes) })),
      post(report({ helpful: true }), { ...json, origin: 'https://evil.example' }),
      { method: 'OPTIONS', path: PATHS.feedback, headers: {} },
      {
        method: 'OPTIONS',
        path: PATHS.feedback,
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      },
      { method: 'OPTIONS', path: unknownId, headers: {} },
      { method: 'GET', path: unknownId, headers: {} },
      { method: 'GET', path: PATHS.feedback, headers: {} },
      { method: 'PATCH', path: unknownId, headers: json, body: '{"status":"resolved"}' },
      { method: 'DELETE', path: unknownId, headers: {} },
      { method: 'GET', path: `${PATHS.feedback}/traffic`, headers: { accept: 'application/json' } },
    ];
    const exchanges = await Promise.all(requests.map((r) => Promise.all([send(node.url, r), send(worker.origin, r)])));
    const differences = requests.flatMap((r, i) => toParityDifferences(r, ...exchanges[i]!));
    expect(differences, `${differences.length} differences`).toEqual([]);
    // The requests are what they say: two reports taken, every refusal its own, the operator's views closed without a token.
    expect(exchanges.map(([answer]) => answer.status)).toEqual([
      202, 202, 400, 400, 400, 400, 400, 400, 400, 400, 422, 422, 415, 413, 403, 204, 204, 204, 404, 401, 401, 401, 401,
    ]);
  });

  it('the docs MCP server (/mcp/docs): both eras, every method it answers, its refusals, from the build and never the upstream', async () => {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'parity', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const legacy = (method: string, params: object = {}, extra: Record<string, string> = {}): ParityRequest => ({
      method: 'POST',
      path: PATHS.mcpDocs,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
        ...extra,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const modern = (method: string, params: object = {}, name?: string): ParityRequest => ({
      method: 'POST',
      path: PATHS.mcpDocs,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        ...(name ? { 'mcp-name': name } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } }),
    });
    const search = { name: 'search_docs', arguments: { q: 'sign in without a browser', limit: 3 } };
    const read = { name: 'read_docs_page', arguments: { path: '/docs/connect-mcp' } };
    const requests: ParityRequest[] = [
      legacy('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'parity', version: '1' } }),
      legacy('ping'),
      legacy('tools/list'),
      legacy('tools/call', search),
      legacy('tools/call', search, { accept: 'application/json' }),
      legacy('tools/call', { name: 'search_docs', arguments: { q: 'x', limit: 50 } }),
      legacy('tools/call', read),
      legacy('tools/call', { name: 'read_docs_page', arguments: { path: '/docs/nope' } }),
      legacy('resources/list'),
      legacy('resources/read', { uri: `${readBuildFacts(DIST)!.base_url}/docs/overview.md` }),
      legacy('resources/read', { uri: 'https://elsewhere.example/x.md' }),
      legacy('tools/call', search, { 'mcp-method': 'tools/list' }),
      modern('server/discover'),
      modern('tools/list'),
      modern('tools/call', search, 'search_docs'),
      modern('resources/list'),
      { method: 'POST', path: PATHS.mcpDocs, headers: { 'content-type': 'application/json' }, body: '{not json' },
      { method: 'POST', path: PATHS.mcpDocs, headers: { 'content-type': 'application/json', accept: 'text/html' }, body: RPC },
      { method: 'GET', path: PATHS.mcpDocs, headers: { accept: 'text/event-stream' } },
      { method: 'DELETE', path: PATHS.mcpDocs, headers: {} },
      { method: 'POST', path: PATHS.mcpDocs, headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, body: RPC },
    ];
    expect(await compare(requests)).toEqual([]);
    for (const origin of [node.url, worker.origin]) {
      const listed = JSON.parse(
        (
          await send(origin, { ...legacy('tools/list'), headers: { ...legacy('tools/list').headers, accept: 'application/json' } })
        ).body.toString(),
      );
      expect(listed.result.tools.map((t: { name: string }) => t.name).sort(), origin).toEqual(['read_docs_page', 'search_docs']);
    }
  });

  it('a method no HTTP parser knows is refused 501 by both doors, before any route', async () => {
    for (const path of ['/', '/llms.txt', '/mcp']) {
      const [a, b] = await Promise.all([
        send(node.url, { method: 'BREW', path, headers: {} }, false),
        send(worker.origin, { method: 'BREW', path, headers: {} }, false),
      ]);
      expect([a.status, b.status], path).toEqual([501, 501]);
    }
  });

  it('every public document is readable from any origin on both doors (Fetch standard §3.2: CORS)', async () => {
    const documents = [
      '/llms.txt',
      '/llms-full.txt',
      '/docs/overview.md',
      '/openapi.json',
      '/.well-known/api-catalog',
      '/.well-known/mcp.json',
      '/mcp/tools.json',
      '/.well-known/mcp/server-card.json',
      '/.well-known/agent-skills/index.json',
      '/install',
      '/install.ps1',
      '/robots.txt',
      '/.well-known/oauth-protected-resource',
      '/api/health',
      '/api/catalog',
    ];
    for (const path of documents) {
      for (const origin of [node.url, worker.origin]) {
        const answer = await send(origin, { method: 'GET', path, headers: { origin: 'https://viewer.example' } });
        expect([answer.status, answer.headers['access-control-allow-origin']], `${origin}${path}`).toEqual([200, '*']);
      }
    }
  });

  it("the OAuth discovery documents answer a browser MCP client's preflight on both doors (MCP-Protocol-Version makes one)", async () => {
    const preflight = {
      origin: 'https://client.example',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'mcp-protocol-version',
    };
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource/.well-known/mcp',
      '/.well-known/mcp/server-card.json',
    ]) {
      for (const origin of [node.url, worker.origin]) {
        const answer = await send(origin, { method: 'OPTIONS', path, headers: preflight });
        expect(answer.status, `${origin}${path}`).toBe(204);
        expect(answer.headers['access-control-allow-origin']).toBe('*');
        expect(answer.headers['access-control-allow-methods']).toContain('GET');
        expect(answer.headers['access-control-allow-headers']).toBe('*');
      }
    }
  });

  it("each door's entity tags answer 304 on that door, for every file", async () => {
    const failures: string[] = [];
    await eachLimited(files, 8, async (path) => {
      for (const origin of [node.url, worker.origin]) {
        const first = await send(origin, { method: 'GET', path, headers: {} });
        const etag = first.headers.etag;
        if (first.status !== 200 || !etag) continue;
        const again = await send(origin, { method: 'GET', path, headers: { 'if-none-match': etag } });
        if (again.status !== 304 || again.body.length !== 0) failures.push(`${origin}${path}: ${again.status} for its own ETag`);
      }
    });
    expect(failures).toEqual([]);
  });
});
