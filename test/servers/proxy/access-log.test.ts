import { EventEmitter, once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error parse-prometheus-text-format ships no type declarations
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { readContent } from '../../../content-model/read-content.ts';
import { toBuildFacts } from '../../../documents/to-build-facts.ts';
import { readEnv } from '../../../proxy/config.ts';
import { startNodeDoor, type NodeDoor } from '../../../proxy/node/start-node-door.ts';
import { createLogger, toLineWriter } from '../../../runtime/node/create-logger.ts';
import { toAccessFields } from '../../../proxy/observability/request-log.ts';
import { toCauseLabel } from '../../../proxy/observability/metrics.ts';
import { STREAMED_ERROR } from '../../../proxy/mcp/forward-upstream.ts';
import type { RunningSandbox } from '../../../sandbox/start.ts';
import { createFixtureDist } from '../../helpers/proxy/fixture-dist.ts';
import { BASE_URL } from '../../helpers/proxy/test-app.ts';
import { getFreePort, getWorkloadToken, makeDataDir } from '../../helpers/sandbox-fixture.ts';
import { startSandbox } from '../../../sandbox/start.ts';
import { sendRaw } from '../../../harness/raw-http.ts';
import { makeFeedbackDir } from '../../helpers/feedback-dir.ts';

// The edge's access log, request ids and metrics through real servers on loopback: the edge over a fixture dist,
// the real sandbox as its upstream and authorization server, each logging into memory with the real logger.
type Line = Record<string, unknown>;
const edgeLines: Line[] = [];
const sandboxLines: Line[] = [];
const rawOutput: string[] = [];
// Told of every line as the logger writes it, so a test waits for the line it needs, not for time to pass.
const written = new EventEmitter();
const capture = (into: Line[]) => ({
  write(chunk: string) {
    rawOutput.push(chunk);
    into.push(JSON.parse(chunk) as Line);
    written.emit('line');
  },
});
const dist = createFixtureDist();
const data = makeDataDir();
const facts = toBuildFacts(readContent(undefined, { BASE_URL, APP_URL: 'https://app.warden.example' }), 'test');
let sandbox: RunningSandbox & { baseUrl: string };
let edge: NodeDoor;
let token: string;

async function startEdge(appUrl: string, jwksUrl?: string): Promise<NodeDoor> {
  const env = readEnv({
    HOST: '127.0.0.1',
    PORT: '0',
    BASE_URL,
    WARDEN_OUT_DIR: dist.dir,
    FEEDBACK_DATA_DIR: makeFeedbackDir(),
    METRICS_PORT: '0',
    LOG_LEVEL: 'info',
  });
  return startNodeDoor(
    env,
    facts,
    { appUrl, issuer: appUrl, jwksUrl },
    { logger: createLogger({ level: 'info', service: 'edge', destination: capture(edgeLines) }) },
  );
}

/** The edge's line for a request id, once written (the line is written when the response is over). */
async function lineFor(lines: Line[], reqId: string): Promise<Line> {
  const find = () => lines.find((l) => l.req_id === reqId);
  while (!find()) await once(written, 'line');
  return find()!;
}

beforeAll(async () => {
  const port = await getFreePort();
  const base = await startSandbox({
    host: '127.0.0.1',
    port,
    baseUrl: BASE_URL,
    dataDir: data.dataDir,
    log: () => {},
    logger: createLogger({ level: 'info', service: 'sandbox', destination: capture(sandboxLines) }),
  });
  sandbox = { ...base, baseUrl: BASE_URL };
  token = await getWorkloadToken(sandbox);
  edge = await startEdge(sandbox.url, sandbox.jwksUri);
});

afterAll(async () => {
  await edge?.close();
  await sandbox?.close();
  dist.remove();
  data.remove();
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${edge.url}${path}`, { headers });
  await res.arrayBuffer();
  return res;
};
const callTool = (headers: Record<string, string>) =>
  fetch(`${edge.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${token}`,
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_account', arguments: {} } }),
  });

describe('one access log line per request', () => {
  it('a static file: method, path, status, duration, bytes and the request id it answered with', async () => {
    const res = await get('/llms.txt');
    const line = await lineFor(edgeLines, res.headers.get('x-request-id')!);
    expect(line).toMatchObject({ level: 'info', service: 'edge', msg: 'request', method: 'GET', path: '/llms.txt', status: 200 });
    expect(line.ms).toEqual(expect.any(Number));
    expect(line.bytes).toBeGreaterThan(9);
    expect(line.time).toBeGreaterThan(Date.parse('2026-01-01'));
  });

  it('a negotiated page names its variant', async () => {
    const res = await get('/docs/overview', { accept: 'text/markdown' });
    expect(await lineFor(edgeLines, res.headers.get('x-request-id')!)).toMatchObject({
      path: '/docs/overview',
      status: 200,
      variant: 'markdown',
    });
  });

  it("names the reader's family and category and the kind of document, never the user agent itself", async () => {
    const userAgent = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
    const res = await get('/llms.txt', { 'user-agent': userAgent });
    expect(await lineFor(edgeLines, res.headers.get('x-request-id')!)).toMatchObject({
      path: '/llms.txt',
      agent: 'GPTBot',
      agent_category: 'ai-crawler',
      doc_kind: 'llms',
    });
    const asset = await get('/_astro/app.Ab12Cd.js', { 'user-agent': 'curl/8.5.0' });
    const line = await lineFor(edgeLines, asset.headers.get('x-request-id')!);
    expect(line).toMatchObject({ agent: 'curl', agent_category: 'other' });
    // The asset store's paths are not counted as reads (the CDN answers them without the worker).
    expect(line).not.toHaveProperty('doc_kind');
    expect(rawOutput.join('')).not.toContain('openai.com/gptbot');
  });

  it('a 404 problem, with the query string left out', async () => {
    const res = await get('/api/nope?api_key=s3cret-value');
    expect(res.status).toBe(404);
    expect(await lineFor(edgeLines, res.headers.get('x-request-id')!)).toMatchObject({ path: '/api/nope', status: 404 });
    expect(rawOutput.join('')).not.toContain('s3cret-value');
  });

  it('an MCP tools/call with a real token: method, tool, token check and upstream, and the token nowhere in either log', async () => {
    const res = await callTool({ 'x-request-id': 'trace-me-1', cookie: 'session=cookie-value' });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(res.headers.get('x-request-id')).toBe('trace-me-1');
    const line = await lineFor(edgeLines, 'trace-me-1');
    expect(line).toMatchObject({
      method: 'POST',
      path: '/mcp',
      status: 200,
      mcp_method: 'tools/call',
      tool: 'get_account',
      token: 'valid',
      upstream: `${sandbox.url}/mcp`,
      upstream_status: 200,
    });
    expect(line.upstream_ms).toEqual(expect.any(Number));
    // The same id in the sandbox's log: one request followed across both processes.
    expect(await lineFor(sandboxLines, 'trace-me-1')).toMatchObject({ service: 'sandbox', method: 'POST', path: '/mcp', status: 200 });
    const everything = rawOutput.join('');
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(token.split('.')[2]!);
    expect(everything).not.toMatch(/bearer|authorization|cookie-value/i);
  });

  it('a W3C traceparent gives its trace id when there is no X-Request-Id; a malformed X-Request-Id is replaced', async () => {
    const res = await callTool({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' });
    expect(res.headers.get('x-request-id')).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    await res.arrayBuffer();
    await lineFor(sandboxLines, '4bf92f3577b34da6a3ce929d0e0e4736');
    const odd = await get('/llms.txt', { 'x-request-id': 'has spaces "and quotes"' });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a 502 with the upstream stopped: an error line with the cause and the upstream address', async () => {
    const closedPort = await getFreePort();
    const orphan = await startEdge(`http://127.0.0.1:${closedPort}`);
    try {
      const res = await fetch(`${orphan.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }),
      });
      expect(res.status).toBe(502);
      const line = await lineFor(edgeLines, res.headers.get('x-request-id')!);
      expect(line).toMatchObject({
        level: 'error',
        msg: 'request failed',
        status: 502,
        cause: 'ECONNREFUSED',
        upstream: `http://127.0.0.1:${closedPort}/mcp`,
      });
    } finally {
      await orphan.close();
    }
  });
});

describe('requests refused before the door', () => {
  it('a CONNECT: one line with its status and the stable code of its refusal', async () => {
    const before = edgeLines.length;
    const result = await sendRaw(edge.url, ['CONNECT warden.example:443 HTTP/1.1\r\nHost: warden.example:443\r\n\r\n']);
    expect(result.responses.map((r) => r.status)).toEqual([501]);
    expect(edgeLines.slice(before)).toEqual([
      expect.objectContaining({ level: 'info', msg: 'malformed request refused', status: 501, cause: 'ERR_CONNECT_NOT_IMPLEMENTED' }),
    ]);
  });
});

describe('a 503 while the key set cannot be fetched', () => {
  it('is an error line naming the cause, and the token result', async () => {
    const jwksPort = await getFreePort();
    const keyless = await startEdge(sandbox.url, `http://127.0.0.1:${jwksPort}/jwks`);
    try {
      const res = await fetch(`${keyless.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'get_account', arguments: {} } }),
      });
      expect(res.status).toBe(503);
      const line = await lineFor(edgeLines, res.headers.get('x-request-id')!);
      expect(line).toMatchObject({
        level: 'error',
        status: 503,
        token: 'ERR_JWKS_UNAVAILABLE',
        cause: 'ERR_JWKS_UNAVAILABLE: ECONNREFUSED',
      });
    } finally {
      await keyless.close();
    }
  });
});

describe('metrics in the Prometheus text format, on their own loopback port', () => {
  type Family = { name: string; type: string; metrics: { labels?: Record<string, string>; value?: string }[] };
  const scrape = async (): Promise<Family[]> => {
    const res = await fetch(edge.metricsUrl!);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusTextFormat(await res.text()) as Family[];
  };
  const valueAt = (families: Family[], name: string, labels: Record<string, string>) =>
    Number(
      families.find((f) => f.name === name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value ?? 0,
    );

  it('not on the public port; the counters move as requests are sent', async () => {
    expect(new URL(edge.metricsUrl!).port).not.toBe(new URL(edge.url).port);
    expect((await get('/metrics')).status).toBe(404);
    const before = await scrape();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await get('/api/health'));
    const tool = await callTool({});
    await tool.arrayBuffer();
    // An exchange is counted just before its log line is written (proxy/observability/request-log.ts): once the
    // four lines are there, so are the counts.
    for (const res of [...answers, tool]) await lineFor(edgeLines, res.headers.get('x-request-id')!);
    const after = await scrape();
    expect(
      valueAt(after, 'warden_http_requests_total', { route: 'health', status: '200' }) -
        valueAt(before, 'warden_http_requests_total', { route: 'health', status: '200' }),
    ).toBe(3);
    expect(valueAt(after, 'warden_token_verifications_total', { result: 'valid' })).toBeGreaterThan(
      valueAt(before, 'warden_token_verifications_total', { result: 'valid' }),
    );
    // The health checks, sent by fetch (user agent `node`, no family of the list), are reads of kind `other`.
    expect(
      valueAt(after, 'warden_reads_total', { category: 'other', family: 'other', kind: 'other' }) -
        valueAt(before, 'warden_reads_total', { category: 'other', family: 'other', kind: 'other' }),
    ).toBe(3);
    expect(valueAt(after, 'warden_reads_total', { category: 'other', family: 'other', kind: 'mcp' })).toBeGreaterThan(
      valueAt(before, 'warden_reads_total', { category: 'other', family: 'other', kind: 'mcp' }),
    );
    expect(after.find((f) => f.name === 'warden_upstream_response_seconds')?.type).toBe('HISTOGRAM');
    expect(after.find((f) => f.name === 'warden_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    for (const name of ['process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds'])
      expect(after.some((f) => f.name === name)).toBe(true);
  });

  it('a CONNECT on the metrics port: a complete 501 with Connection: close, not a dropped socket (RFC 9110 §9.3.6)', async () => {
    // Two answers are waited for, so the exchange ends only when the server closes the connection.
    const result = await sendRaw(edge.metricsUrl!, ['CONNECT warden.example:443 HTTP/1.1\r\nHost: warden.example:443\r\n\r\n'], {
      expect: 2,
    });
    expect(result.data.toString('latin1')).toMatch(/^HTTP\/1\.1 501 Not Implemented\r\n/);
    expect(result.responses.map((r) => r.status)).toEqual([501]);
    const [answer] = result.responses;
    expect(answer!.headers.connection).toBe('close');
    expect(answer!.headers['content-length']).toBe(String(answer!.body.length));
    expect(answer!.body.toString()).toBe('501 Not Implemented\n');
    expect(result.closed).toBe(true);
    expect(result.timedOut).toBe(false);
  });
});

describe('the access line, written by hand for speed', () => {
  it('is the line pino writes for the same fields: same keys in the same order, same values, escapes included', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', service: 'edge', destination: { write: (chunk: string) => void lines.push(chunk) } });
    const exchange = { method: 'GET', path: '/docs/a"b\\c\u0001\u2028é', status: 502, ms: 1.25, bytes: 0, aborted: true as const };
    const facts = {
      requestId: 'r-1',
      agent: 'Claude-User',
      agentCategory: 'ai-assistant' as const,
      docKind: 'mcp' as const,
      mcpMethod: 'tools/call',
      tool: 'get_account',
      token: 'valid',
      upstream: { address: 'http://127.0.0.1:1/mcp', status: 502, ms: 0.5 },
      cause: 'line\nbreak',
    };
    const writeLine = toLineWriter(logger);
    writeLine('error', toAccessFields(exchange, facts), 'request failed');
    logger.error(
      {
        req_id: facts.requestId,
        ...exchange,
        agent: facts.agent,
        agent_category: facts.agentCategory,
        doc_kind: facts.docKind,
        mcp_method: facts.mcpMethod,
        tool: facts.tool,
        token: facts.token,
        upstream: facts.upstream.address,
        upstream_status: 502,
        upstream_ms: 0.5,
        cause: facts.cause,
      },
      'request failed',
    );
    writeLine('info', toAccessFields({ method: 'HEAD', path: '/', status: 200, ms: 0, bytes: 10 }, {}), 'request');
    logger.info({ method: 'HEAD', path: '/', status: 200, ms: 0, bytes: 10 }, 'request');
    expect(lines).toHaveLength(4);
    const untimed = (line: string) => line.replace(/"time":\d+,/, '"time":0,');
    expect(lines.every((line) => line.endsWith('}\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    expect(untimed(lines[0]!)).toBe(untimed(lines[1]!));
    expect(untimed(lines[2]!)).toBe(untimed(lines[3]!));
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'error',
      service: 'edge',
      path: exchange.path,
      cause: 'line\nbreak',
      aborted: true,
    });
  });

  it('writes each duration and string as JSON.stringify does', () => {
    // Every hundredth of a millisecond up to 20 s, and larger ones: the duration's text is made from integers.
    const durations = [
      ...Array.from({ length: 2_000_000 }, (_, i) => i / 100),
      123_456.78,
      3_600_000.05,
      86_400_000.1,
      1e13 + 0.01,
      -0,
      NaN,
      Infinity,
    ];
    const wrong = durations.filter(
      (ms) => !toAccessFields({ method: 'GET', path: '/', status: 200, ms, bytes: 1 }, {}).includes(`"ms":${JSON.stringify(ms)},`),
    );
    expect(wrong).toEqual([]);
    const strings = ['plain', '', 'a"b', 'a\\b', 'tab\there', '\u007f', 'é', '\u2028', '\ud83d\ude00', '\ud83d', 'x\udc00y'];
    for (const path of strings)
      expect(toAccessFields({ method: 'GET', path, status: 200, ms: 0, bytes: 1 }, {})).toContain(`"path":${JSON.stringify(path)},`);
  });
});

describe('upstream failure causes as metric labels', () => {
  it('keep the code and drop the words, so the label set stays small', () => {
    const reasons = [
      'ECONNREFUSED',
      'HPE_INVALID_CHUNK_SIZE',
      'UND_ERR_SOCKET: other side closed',
      'HTTPParserError: Invalid character in chunk size',
      'timeout',
      'idle for 100 ms after the headers',
      'socket hang up',
      STREAMED_ERROR,
    ];
    expect(reasons.map(toCauseLabel)).toEqual([
      'ECONNREFUSED',
      'HPE_INVALID_CHUNK_SIZE',
      'UND_ERR_SOCKET',
      'HTTPParserError',
      'timeout',
      'idle',
      'other',
      'ERR_UPSTREAM_STREAMED_ERROR',
    ]);
  });
});
