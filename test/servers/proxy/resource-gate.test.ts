import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Listening, listen } from '../../../proxy/node/listen.ts';
import { createNodeHandler } from '../../../proxy/node/start-node-door.ts';
import { createUpstreamPool } from '../../../proxy/node/upstream-pool.ts';
import { BASE_URL, createRecordingForward, createTestApp, createTestConfig } from '../../helpers/proxy/test-app.ts';
import { startUpstream, type TestUpstream } from '../../helpers/proxy/upstream.ts';

// The gate opens `resources/read` without a token for the published Agent Skills only: a read of any other resource
// (contract AUTH-2: Lessons and the hosted functions are behind OAuth) is refused at the edge and never reaches the
// upstream, on both doors.
const SKILL = 'skill://warden/SKILL.md';
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const read = (uri: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'resources/read', params: { uri } });
const REFUSED = [
  'lessons://team/1',
  'skill://other/SKILL.md',
  `${SKILL}?x=1`,
  'https://warden.example/.well-known/agent-skills/warden/SKILL.md',
  '',
];

let upstream: TestUpstream;
let node: Listening;
const pool = createUpstreamPool({ timeoutMs: 2000 });

beforeAll(async () => {
  upstream = await startUpstream((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"jsonrpc":"2.0","id":7,"result":{"contents":[]}}');
  });
  node = await listen(
    createNodeHandler(createTestConfig({ appUrl: upstream.url }), { files: new Map(), dispatch: pool.dispatch }),
    '127.0.0.1',
    0,
  );
});
afterAll(async () => {
  await node?.close();
  await pool.close();
  await upstream?.close();
});

describe('resources/read without a token', () => {
  it('the published skill passes the gate on both doors', async () => {
    const web = createRecordingForward();
    const app = createTestApp({ files: new Map(), forward: web.forward });
    expect((await app.request('/mcp', { method: 'POST', headers: HEADERS, body: read(SKILL) })).status).toBe(200);
    expect(web.seen).toHaveLength(1);
    const before = upstream.requests.length;
    const res = await fetch(`${node.url}/mcp`, { method: 'POST', headers: HEADERS, body: read(SKILL) });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(upstream.requests.length).toBe(before + 1);
  });

  it.each(REFUSED)('%j is refused 401 with the challenge on both doors, and never forwarded', async (uri) => {
    const web = createRecordingForward();
    const app = createTestApp({ files: new Map(), forward: web.forward });
    const before = upstream.requests.length;
    for (const res of [
      await app.request('/.well-known/mcp', { method: 'POST', headers: HEADERS, body: read(uri) }),
      await fetch(`${node.url}/mcp`, { method: 'POST', headers: HEADERS, body: read(uri) }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain(`Bearer resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource"`);
      expect((await res.json()).error.code).toBe(-31401);
    }
    expect(web.seen).toEqual([]);
    expect(upstream.requests.length).toBe(before);
  });
});
