/**
 * The same app on an edge runtime, checked for real: the worker for the test build runs in workerd (Miniflare) as
 * wrangler.jsonc deploys it, with the build as its static assets, a node:http upstream standing in for APP_URL, and
 * its D1 feedback store migrated by `wrangler d1 migrations apply --local`, as an operator migrates the real one.
 */
import { toTwinParts } from '../../documents/to-twin-front-matter.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, BASE_URL, DIST } from '../helpers/built-site.ts';
import { PATHS } from '../../facts/paths.ts';
import { createTestKeys, signToken, type TestKeys } from '../helpers/proxy/tokens.ts';
import { startUpstream, type TestUpstream } from '../helpers/proxy/upstream.ts';
import { startWorker, type RunningWorker } from '../../harness/start-worker.ts';
import { readBuildFacts } from '../../proxy/node/build-info.ts';
import { createD1Driver } from '../../proxy/worker/d1-driver.ts';
import { applyMigrations } from '../../runtime/feedback/apply-migrations.ts';
import { createClientKeys, toDay } from '../../runtime/feedback/client-key.ts';
import { FEEDBACK_VIEWS, toReportPath } from '../../runtime/feedback/feedback-paths.ts';
import { DAY_MS, MINUTE_MS, toRetryAfter } from '../../runtime/feedback/rate-limit.ts';

const METADATA = `${BASE_URL}/.well-known/oauth-protected-resource`;
const TOOLS = { jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'list_workflows', inputSchema: { type: 'object' } }] } };
const rpc = (id: number, method: string, params: object = {}) => JSON.stringify({ jsonrpc: '2.0', id, method, params });
const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

let upstream: TestUpstream;
let keys: TestKeys;
let worker: RunningWorker;
// Resolved by the test once the first SSE event reached it through the worker; only then is the second one sent.
let firstEventSeen: () => void = () => {};
let origin: string;
const get = (path: string, init?: RequestInit) => fetch(new URL(path, origin), init);

beforeAll(async () => {
  keys = await createTestKeys();
  const jwks = { keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }] };
  upstream = await startUpstream((req, res, body) => {
    if (req.url === '/jwks') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
    if (body.includes('"ping"')) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('event: message\ndata: {"jsonrpc":"2.0","id":5,"result":{"first":true}}\n\n');
      const seen = new Promise<void>((resolve) => (firstEventSeen = resolve));
      void seen.then(() => res.end('event: message\ndata: {"jsonrpc":"2.0","id":5,"result":{}}\n\n'));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'session-1' }).end(JSON.stringify(TOOLS));
  });
  // The issuer stays the built one.
  worker = await startWorker(DIST, { vars: { APP_URL: upstream.url, TOKEN_JWKS_URL: `${upstream.url}/jwks` } });
  origin = worker.origin;
});

afterAll(async () => {
  await worker?.dispose();
  await upstream?.close();
});

describe('the worker bundle on workerd', () => {
  it('HEALTH-1: GET /api/health answers the health document, never cached', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      status: 'ok',
      product: 'Warden',
      docs: `${BASE_URL}/docs/reference/endpoints`,
      openapi: `${BASE_URL}/openapi.json`,
      mcp: `${upstream.url}/mcp`,
    });
  });

  it('PROBLEM-2: an unknown /api/ path → 404 problem+json', async () => {
    const res = await get('/api/v9/widgets');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({
      type: `${BASE_URL}/docs/errors#not-found`,
      title: 'Not Found',
      status: 404,
      code: 'not_found',
      instance: '/api/v9/widgets',
    });
  });

  it('NEGOTIATE-1: Accept: text/markdown on a page → its twin, with Vary: Accept and the canonical link', async () => {
    const res = await get('/docs/overview', { headers: { accept: 'text/markdown' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept, User-Agent, Accept-Encoding');
    expect(res.headers.get('x-markdown-tokens')).toMatch(/^[1-9]\d*$/);
    expect(res.headers.get('link')).toContain(`<${BASE_URL}/docs/overview>; rel="canonical"`);
    expect(res.headers.get('link')).toContain(`<${BASE_URL}/llms.txt>; rel="describedby"; type="text/plain"`);
    expect(toTwinParts(await res.text()).body).toMatch(/^# Overview/);
    const html = await get('/docs/overview', { headers: { accept: 'text/html' } });
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.headers.get('vary')).toBe('Accept, User-Agent, Accept-Encoding');
    // An AI agent that names itself gets the twin when Accept leaves the choice open; a search engine's crawler, HTML.
    const agent = await get('/docs/overview', { headers: { 'user-agent': 'ClaudeBot/1.0' } });
    expect(agent.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(agent.headers.get('vary')).toBe('Accept, User-Agent, Accept-Encoding');
    const crawler = await get('/docs/overview', {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    expect(crawler.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it("a GET of /mcp by a browser or agent gets the endpoint page by Accept, with Vary and cache headers; an MCP client's GET is forwarded", async () => {
    for (const [accept, type] of [
      ['text/html', 'text/html; charset=utf-8'],
      ['text/markdown', 'text/markdown; charset=utf-8'],
    ]) {
      const res = await get('/mcp', { headers: { accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('vary')).toMatch(/Accept/);
      expect(res.headers.get('cache-control')).toMatch(/max-age/);
      expect(await res.text()).toContain(`claude mcp add --transport http warden ${BASE_URL}/mcp`);
    }
    const client = await get('/mcp', { headers: { accept: 'text/event-stream' } });
    expect(client.headers.get('content-type')).not.toMatch(/^text\/(html|markdown)/);
    await client.body?.cancel();
  });

  it('RFC 8288: the agent links, absolute, on pages, documents, health, problems and the files the asset layer serves alone', async () => {
    const css = readdirSync(join(DIST, '_astro')).find((f) => f.endsWith('.css'));
    for (const path of [
      '/docs/overview',
      '/api/health',
      '/api/v9/nothing',
      '/llms.txt',
      '/openapi.json',
      '/docs/overview.md',
      '/install',
      `/_astro/${css}`,
    ]) {
      const res = await get(path);
      expect(res.headers.get('link'), path).toContain(`<${BASE_URL}/.well-known/api-catalog>; rel="api-catalog"`);
      expect(res.headers.get('link'), path).toContain(`<${BASE_URL}/openapi.json>; rel="service-desc"`);
      // Read to the end: a body dropped half-sent makes workerd log a broken pipe.
      await res.arrayBuffer();
    }
  });

  it('RFC 9727: the api-catalog has its linkset type, and files keep their ETags (304)', async () => {
    const res = await get('/.well-known/api-catalog');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    expect((await res.json()).linkset).toBeInstanceOf(Array);
    const again = await get('/.well-known/api-catalog', { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('twins and the llms files come from the worker, with their types, noindex and token counts', async () => {
    const twin = await get('/docs/overview.md');
    expect(twin.status).toBe(200);
    expect(twin.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(twin.headers.get('x-robots-tag')).toBe('noindex');
    expect(twin.headers.get('x-markdown-tokens')).toMatch(/^[1-9]\d*$/);
    expect(twin.headers.get('access-control-allow-origin')).toBe('*');
    expect(await twin.text()).toBe(readFileSync(join(DIST, 'docs/overview.md'), 'utf8'));
    const llms = await get('/llms.txt');
    expect(llms.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await llms.text()).toBe(readFileSync(join(DIST, 'llms.txt'), 'utf8'));
    expect((await get('/install')).headers.get('content-type')).toBe('text/x-shellscript; charset=utf-8');
  });

  it('the build facts are not uploaded (.assetsignore); an unknown path reaches the worker for its markdown 404', async () => {
    const facts = await get('/_build.json', { headers: { accept: 'text/markdown' } });
    expect(facts.status).toBe(404);
    expect(toTwinParts(await facts.text()).body).toMatch(/^# Page not found/);
    const html = await get('/no/such/page');
    expect(html.status).toBe(404);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.headers.get('vary')).toBe('Accept, Accept-Encoding');
  });

  it('the script carries the app and the build facts only, well under the Workers size limit', () => {
    expect(worker.bundle.gzipBytes).toBeLessThan(1024 * 1024);
    const script = readFileSync(worker.bundle.outFile, 'utf8');
    expect(script).not.toContain(readFileSync(join(DIST, 'docs/overview.md'), 'utf8').slice(0, 200));
  });

  it('binary files come through the asset binding byte for byte', async () => {
    const res = await get(PATHS.faviconIco, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(DIST, PATHS.faviconIco.slice(1))))).toBe(true);
  });

  it('RPC-3: POST /mcp tools/list passes without a token and is forwarded byte for byte to <APP_URL>/mcp', async () => {
    const before = upstream.requests.length;
    const body = rpc(1, 'tools/list');
    const res = await get('/mcp', { method: 'POST', headers: mcpHeaders, body });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(TOOLS);
    expect(res.headers.get('mcp-session-id')).toBe('session-1');
    const seen = upstream.requests.slice(before).filter((r) => r.method === 'POST');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toBe(body);
  });

  it("RPC-2: tools/call without a token → 401 naming this host's resource metadata", async () => {
    const res = await get('/mcp', { method: 'POST', headers: mcpHeaders, body: rpc(2, 'tools/call', { name: 'list_workflows' }) });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${METADATA}", scope="warden:access"`);
    expect((await res.json()).error.code).toBe(-31401);
  });

  it('tokens are verified on workerd against the remote JWKS: valid → forwarded, missing scope → 403', async () => {
    const exp = Math.floor(Date.now() / 1000) + 300;
    // The issuer the build's metadata names (its APP_URL): the worker checks tokens against it.
    const claims = { iss: APP_URL, aud: BASE_URL, exp };
    const good = await signToken(keys, { ...claims, scope: 'warden:access' });
    const ok = await get('/.well-known/mcp', {
      method: 'POST',
      headers: { ...mcpHeaders, authorization: `Bearer ${good}` },
      body: rpc(3, 'tools/call', { name: 'list_workflows' }),
    });
    expect(ok.status).toBe(200);
    expect(upstream.requests.at(-1)!.headers.authorization).toBe(`Bearer ${good}`);
    const narrow = await signToken(keys, { ...claims, scope: 'openid' });
    const denied = await get('/mcp', {
      method: 'POST',
      headers: { ...mcpHeaders, authorization: `Bearer ${narrow}` },
      body: rpc(4, 'tools/call', { name: 'list_workflows' }),
    });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });

  it('MCP Streamable HTTP: an SSE answer streams through the worker event by event, not buffered', async () => {
    const res = await get('/mcp', { method: 'POST', headers: mcpHeaders, body: rpc(5, 'ping') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('"first":true')) text += (await reader.read()).value ?? '';
    // The upstream holds its second event until now: reaching this line proves the first one was not buffered.
    firstEventSeen();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += chunk.value;
    expect(text.match(/^event: message$/gm)).toHaveLength(2);
  });
});

describe('feedback on the worker: D1 and the rate-limit binding', () => {
  const facts = readBuildFacts(DIST)!;
  let reportNumber = 0;
  /** A report of its own (its comment numbered, so none is folded into another) from `address`, as Cloudflare names it. */
  const report = (address: string, body: object = {}) =>
    get(PATHS.feedback, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': address },
      body: JSON.stringify({ page: '/docs/overview', helpful: false, comment: `Report ${++reportNumber}.`, ...body }),
    });
  const operator = async () => {
    const claims = { iss: APP_URL, aud: BASE_URL, exp: Math.floor(Date.now() / 1000) + 300, scope: facts.feedback.operator_scope };
    return { authorization: `Bearer ${await signToken(keys, claims)}` };
  };
  const problemOf = async (res: Response) => {
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    return (await res.json()) as { code: string; status: number };
  };

  it("the Node edge's migration runner reads the record wrangler kept in d1_migrations, so it applies nothing again", async () => {
    const driver = createD1Driver(await worker.feedbackStore());
    expect(await applyMigrations(driver, facts.feedback.migrations)).toEqual([]);
    const tables = await driver.all<{ name: string }>({
      sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
      params: [],
    });
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['feedback', 'gaps', 'quotas', 'salts', 'traffic']));
  });

  it('a report is stored in D1 and answered 202 with its receipt; its status is public; the operator sets it and deletes the report', async () => {
    const res = await report('192.0.2.1', { kind: 'incorrect', agent: 'Test Agent 1.0' });
    expect(res.status).toBe(202);
    const receipt = await res.json();
    expect(receipt).toEqual({
      id: expect.stringMatching(/^fb_[a-z2-7]{26}$/),
      status: 'new',
      status_url: `${BASE_URL}${toReportPath(receipt.id)}`,
    });
    expect(res.headers.get('location')).toBe(receipt.status_url);
    const path = new URL(receipt.status_url).pathname;
    const status = await get(path);
    expect(status.status).toBe(200);
    expect(status.headers.get('access-control-allow-origin')).toBe('*');
    expect(await status.json()).toMatchObject({ id: receipt.id, status: 'new' });
    const stored = await (await worker.feedbackStore())
      .prepare('SELECT page, kind, agent FROM feedback WHERE id = ?')
      .bind(receipt.id)
      .all();
    expect(stored.results).toEqual([{ page: '/docs/overview', kind: 'incorrect', agent: 'Test Agent 1.0' }]);

    const unauthenticated = await get(path, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"status":"resolved"}',
    });
    expect(unauthenticated.status).toBe(401);
    expect((await problemOf(unauthenticated)).code).toBe('token_required');
    const patched = await get(path, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...(await operator()) },
      body: '{"status":"resolved"}',
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ id: receipt.id, status: 'resolved' });
    expect(await (await get(path)).json()).toMatchObject({ status: 'resolved' });
    const deleted = await get(path, { method: 'DELETE', headers: await operator() });
    expect(deleted.status).toBe(204);
    const gone = await get(path);
    expect(gone.status).toBe(404);
    expect((await problemOf(gone)).code).toBe('feedback_not_found');
  });

  it("the minute limit is the rate-limit binding's, per client: past it 429 with Retry-After to the minute's end", async () => {
    const perMinute = facts.feedback.per_minute;
    // The binding counts in windows of the clock's minutes; a burst that a window's end cut in two is sent again.
    for (let attempt = 1; ; attempt += 1) {
      const address = `192.0.2.${10 + attempt}`;
      const minute = Math.floor(Date.now() / MINUTE_MS);
      const statuses: number[] = [];
      for (let i = 0; i < perMinute; i += 1) statuses.push((await report(address)).status);
      const refused = await report(address);
      if (Math.floor(Date.now() / MINUTE_MS) !== minute && attempt < 3) {
        await refused.body?.cancel();
        continue;
      }
      expect(statuses).toEqual(Array(perMinute).fill(202));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect((await problemOf(refused)).code).toBe('feedback_rate_limited');
      // Another client is not held back by this one.
      expect((await report('192.0.2.99')).status).toBe(202);
      break;
    }
  });

  it("the day limit is kept in D1 (the binding has no day): a client at the content's per_day is refused to the day's end", async () => {
    const address = '192.0.2.50';
    const db = await worker.feedbackStore();
    // The client's key as the worker makes it: the day's salt in D1 (made by the reports before) and the address.
    const clientKey = createClientKeys({
      saltOf: async (day) => (await db.prepare('SELECT salt FROM salts WHERE day = ?').bind(day).all<{ salt: string }>()).results[0]!.salt,
    });
    const now = Date.now();
    const client = await clientKey(address, now);
    await db
      .prepare('INSERT INTO quotas (day, client, count) VALUES (?, ?, ?) ON CONFLICT (day, client) DO UPDATE SET count = excluded.count')
      .bind(toDay(now), client, facts.feedback.per_day)
      .all();
    const latest = toRetryAfter(now, DAY_MS);
    const refused = await report(address);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeLessThanOrEqual(latest);
    expect(retryAfter).toBeGreaterThan(latest - 60);
    expect((await problemOf(refused)).code).toBe('feedback_rate_limited');
  });

  it('a D1 that lacks a table answers 503 with Retry-After, never 500: the report is not acknowledged, and is taken once the table is back', async () => {
    const db = await worker.feedbackStore();
    await db.prepare('ALTER TABLE feedback RENAME TO feedback_away').all();
    try {
      const body = { comment: 'Sent while the store was away.' };
      const refused = await report('192.0.2.60', body);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect((await problemOf(refused)).code).toBe('feedback_store_unavailable');
      const status = await get(toReportPath(`fb_${'a'.repeat(26)}`));
      expect(status.status).toBe(503);
      expect((await problemOf(status)).code).toBe('feedback_store_unavailable');
    } finally {
      await db.prepare('ALTER TABLE feedback_away RENAME TO feedback').all();
    }
    const again = await report('192.0.2.60', { comment: 'Sent while the store was away.' });
    expect(again.status).toBe(202);
  });

  it("the isolate's tally counts a missing docs address, and the operator's gaps include it before it is written", async () => {
    const missing = '/docs/no-such-page-for-the-tally';
    expect((await get(missing)).status).toBe(404);
    const gaps = await get(FEEDBACK_VIEWS.gaps, { headers: await operator() });
    expect(gaps.status).toBe(200);
    expect((await gaps.json()).missing_pages).toContainEqual({ path: missing, count: 1, last_seen: toDay(Date.now()) });
  });
});
