import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBearerChallenge } from '../../../runtime/http/www-authenticate.ts';
import { toStaticFiles } from '../../../proxy/static/static-files.ts';
import { readDist } from '../../../proxy/node/read-dist.ts';
import { createTestApp } from '../../helpers/proxy/test-app.ts';
import { createFixtureDist, FIXTURE_FILES } from '../../helpers/proxy/fixture-dist.ts';
import { CLIENT_HEADER, createFeedbackApp, ISSUER, type FeedbackApp } from '../../helpers/proxy/feedback-app.ts';
import { BASE_URL, loadFiles } from '../../helpers/proxy/test-app.ts';
import { createTestKeys, signToken, type TestKeys } from '../../helpers/proxy/tokens.ts';

const dist = createFixtureDist();
let fb: FeedbackApp;
let keys: TestKeys;
let operator = '';
let reader = '';
const ids: string[] = [];

/** A report, sent as a person's page form or an agent would send it. */
async function report(body: Record<string, unknown>, address: string, query = ''): Promise<string> {
  const res = await fb.app.request(`/api/feedback${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CLIENT_HEADER]: address, ...(query ? { origin: new URL(BASE_URL).origin } : {}) },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(202);
  return (await res.json()).id;
}

const as = (token: string, init: RequestInit = {}) => ({
  ...init,
  headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
});

beforeAll(async () => {
  keys = await createTestKeys();
  fb = await createFeedbackApp(loadFiles(dist.dir), { getKey: keys.getKey });
  const exp = Math.floor(fb.clock.now / 1000) + 3600;
  operator = await signToken(keys, { iss: ISSUER, aud: BASE_URL, scope: 'warden:operator', exp });
  reader = await signToken(keys, { iss: ISSUER, aud: BASE_URL, scope: 'warden:access', exp });
  ids.push(await report({ page: '/docs/overview', helpful: true }, '10.0.0.1', '?source=page'));
  fb.clock.now += 60_000;
  ids.push(
    await report(
      { page: '/docs/overview', helpful: false, kind: 'incorrect', comment: '=HYPERLINK("http://x.example","click")' },
      '10.0.0.2',
    ),
  );
  fb.clock.now += 60_000;
  ids.push(await report({ page: '/', comment: '+1, and "quoted", too', agent: 'Test Agent' }, '10.0.0.3'));
});
afterAll(async () => {
  await fb.feedback.close();
  dist.remove();
});

describe("the operator's gate (RFC 6750, as the MCP gate answers)", () => {
  it('without a token: 401 with the resource metadata challenge and the scope to ask for', async () => {
    for (const path of ['/api/feedback', '/api/feedback/gaps', '/api/feedback/traffic']) {
      const res = await fb.app.request(path);
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe('token_required');
      const challenge = parseBearerChallenge(res.headers.get('www-authenticate')!);
      expect(challenge?.get('resource_metadata')).toBe(`${BASE_URL}/.well-known/oauth-protected-resource`);
      expect(challenge?.get('scope')).toBe('warden:operator');
      expect(challenge?.has('error')).toBe(false);
    }
  });

  it('a token without the operator scope: 403 insufficient_scope; a bad token: 401 invalid_token', async () => {
    const res = await fb.app.request('/api/feedback', as(reader));
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('insufficient_scope');
    expect(parseBearerChallenge(res.headers.get('www-authenticate')!)?.get('error')).toBe('insufficient_scope');
    const bad = await fb.app.request('/api/feedback', as(`${operator.slice(0, -4)}AAAA`));
    expect(bad.status).toBe(401);
    expect(parseBearerChallenge(bad.headers.get('www-authenticate')!)?.get('error')).toBe('invalid_token');
  });

  it('PATCH and DELETE need the operator too, and a status GET does not', async () => {
    expect(
      (
        await fb.app.request(`/api/feedback/${ids[0]}`, {
          method: 'PATCH',
          body: '{"status":"resolved"}',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(401);
    expect((await fb.app.request(`/api/feedback/${ids[0]}`, as(reader, { method: 'DELETE' }))).status).toBe(403);
    expect((await fb.app.request(`/api/feedback/${ids[0]}`)).status).toBe(200);
  });

  it('an edge that checks no tokens cannot open the view: 503, never the reports', async () => {
    const blind = createTestApp({ files: loadFiles(dist.dir), feedback: fb.feedback.deps });
    const res = await blind.request('/api/feedback', as(operator));
    expect(res.status).toBe(503);
    expect((await res.json()).code).toBe('operator_view_unavailable');
  });
});

describe("the operator's view", () => {
  it('lists the reports newest first, with the page digest and whether the page changed since', async () => {
    const res = await fb.app.request('/api/feedback', as(operator));
    expect(res.status).toBe(200);
    const { items, next_cursor } = await res.json();
    expect(items.map((i: { id: string }) => i.id)).toEqual([...ids].reverse());
    expect(next_cursor).toBeNull();
    expect(items[2]).toMatchObject({
      page: '/docs/overview',
      source: 'page',
      helpful: true,
      comment: null,
      status: 'new',
      page_changed: false,
    });
    expect(items[0]).toMatchObject({ page: '/', source: 'agent', helpful: null, agent: 'Test Agent' });
    expect(Object.keys(items[0])).toEqual([
      'id',
      'received_at',
      'page',
      'page_digest',
      'page_changed',
      'source',
      'helpful',
      'kind',
      'section',
      'comment',
      'agent',
      'status',
      'status_changed_at',
    ]);
  });

  it('filters by page, source, status and time, and pages with limit and cursor', async () => {
    const list = async (query: string) =>
      (await (await fb.app.request(`/api/feedback?${query}`, as(operator))).json()) as {
        items: Array<{ id: string }>;
        next_cursor: string | null;
      };
    expect((await list('page=/docs/overview')).items.map((i) => i.id)).toEqual([ids[1], ids[0]]);
    expect((await list(`page=${encodeURIComponent(`${BASE_URL}/`)}`)).items.map((i) => i.id)).toEqual([ids[2]]);
    expect((await list('source=page')).items.map((i) => i.id)).toEqual([ids[0]]);
    expect((await list('status=resolved')).items).toEqual([]);
    const second = new Date(Date.parse('2026-12-07T10:01:00Z')).toISOString();
    expect((await list(`since=${second}`)).items.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    expect((await list(`until=${second}`)).items.map((i) => i.id)).toEqual([ids[0]]);
    expect((await list('since=2026-12-08')).items).toEqual([]);
    const first = await list('limit=2');
    expect(first.items.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    const rest = await list(`limit=2&cursor=${first.next_cursor}`);
    expect(rest.items.map((i) => i.id)).toEqual([ids[0]]);
    expect(rest.next_cursor).toBeNull();
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['source=email', 'source'],
    ['status=done', 'status'],
    ['since=yesterday', 'since'],
    ['cursor=nonsense', 'cursor'],
    ['page=https://elsewhere.example/docs', 'page'],
  ])('refuses %s with feedback_query_invalid naming the parameter', async (query, name) => {
    const res = await fb.app.request(`/api/feedback?${query}`, as(operator));
    expect(res.status).toBe(400);
    const doc = await res.json();
    expect(doc.code).toBe('feedback_query_invalid');
    expect(doc.detail.startsWith(`${name}:`)).toBe(true);
  });

  it('gives a spreadsheet with Accept: text/csv, no cell a formula', async () => {
    const res = await fb.app.request('/api/feedback', as(operator, { headers: { accept: 'text/csv' } }));
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe(
      'id,received_at,page,page_digest,page_changed,source,helpful,kind,section,comment,agent,status,status_changed_at',
    );
    expect(lines).toHaveLength(5);
    expect(lines.find((l) => l.startsWith(ids[1]!))).toContain(`"'=HYPERLINK(""http://x.example"",""click"")"`);
    expect(lines.find((l) => l.startsWith(ids[2]!))).toContain(`"'+1, and ""quoted"", too"`);
  });

  it('sets a status the sender then sees at its status URL, and deletes a report for good', async () => {
    fb.clock.now += 60_000;
    const set = await fb.app.request(
      `/api/feedback/${ids[1]}`,
      as(operator, { method: 'PATCH', body: '{"status":"resolved"}', headers: { 'content-type': 'application/json' } }),
    );
    expect(set.status).toBe(200);
    const changed = new Date(fb.clock.now).toISOString();
    expect(await set.json()).toEqual({ id: ids[1], status: 'resolved', status_changed_at: changed });
    expect(await (await fb.app.request(`/api/feedback/${ids[1]}`)).json()).toEqual({
      id: ids[1],
      status: 'resolved',
      status_changed_at: changed,
    });
    const bad = await fb.app.request(
      `/api/feedback/${ids[1]}`,
      as(operator, { method: 'PATCH', body: '{"status":"done"}', headers: { 'content-type': 'application/json' } }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).field).toBe('status');
    const gone = await fb.app.request(`/api/feedback/${ids[2]}`, as(operator, { method: 'DELETE' }));
    expect(gone.status).toBe(204);
    expect((await fb.app.request(`/api/feedback/${ids[2]}`)).status).toBe(404);
    expect((await fb.app.request(`/api/feedback/${ids[2]}`, as(operator, { method: 'DELETE' }))).status).toBe(404);
  });

  it('says which reports are about a page that has changed since they were sent', async () => {
    const editedDist = createFixtureDist({ ...FIXTURE_FILES, 'docs/overview.md': '# Overview\n\nNow with the fix.\n' });
    const edited = toStaticFiles(readDist(editedDist.dir));
    editedDist.remove();
    const later = createTestApp({ files: edited, feedback: fb.feedback.deps, getKey: keys.getKey, now: () => fb.clock.now });
    const { items } = await (await later.request('/api/feedback?page=/docs/overview', as(operator))).json();
    expect(items.map((i: { page_changed: boolean }) => i.page_changed)).toEqual([true, true]);
  });
});

describe('gaps and traffic, and what the store keeps for how long', () => {
  it('lists the missing docs addresses with their count and last day, before and after the counts are written', async () => {
    for (let i = 0; i < 3; i += 1) await fb.app.request('/docs/quickstart.md');
    await fb.app.request('/docs/setup');
    const expected = {
      questions: [],
      missing_pages: [
        { path: '/docs/quickstart.md', count: 3, last_seen: '2026-12-07' },
        { path: '/docs/setup', count: 1, last_seen: '2026-12-07' },
      ],
    };
    expect(await (await fb.app.request('/api/feedback/gaps', as(operator))).json()).toEqual(expected);
    await fb.feedback.write();
    expect(fb.feedback.deps.tally.size).toBe(0);
    expect(await (await fb.app.request('/api/feedback/gaps', as(operator))).json()).toEqual(expected);
    expect(await (await fb.app.request('/api/feedback/gaps?limit=1', as(operator))).json()).toEqual({
      ...expected,
      missing_pages: expected.missing_pages.slice(0, 1),
    });
  });

  it('deletes reports and gaps last seen before the retention period at the next daily write', async () => {
    const kept = ids[0]!;
    fb.clock.now += (fb.config.feedback.retentionDays + 1) * 86_400_000;
    await fb.app.request('/docs/setup');
    await fb.feedback.write();
    expect((await fb.app.request(`/api/feedback/${kept}`)).status).toBe(404);
    const fresh = await signToken(keys, {
      iss: ISSUER,
      aud: BASE_URL,
      scope: 'warden:operator',
      exp: Math.floor(fb.clock.now / 1000) + 3600,
    });
    const gaps = await (await fb.app.request('/api/feedback/gaps', as(fresh))).json();
    // /docs/quickstart.md was last asked for a retention period ago; /docs/setup was asked for again, so it stays.
    expect(gaps.missing_pages.map((g: { path: string; count: number }) => [g.path, g.count])).toEqual([['/docs/setup', 2]]);
  });
});
