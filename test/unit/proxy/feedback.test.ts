import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureDist } from '../../helpers/proxy/fixture-dist.ts';
import { CLIENT_HEADER, createFeedbackApp, type FeedbackApp } from '../../helpers/proxy/feedback-app.ts';
import { BASE_URL, loadFiles } from '../../helpers/proxy/test-app.ts';

const dist = createFixtureDist();
const files = loadFiles(dist.dir);
let fb: FeedbackApp;
let client = 0;

beforeAll(async () => {
  fb = await createFeedbackApp(files);
});
afterAll(async () => {
  await fb.feedback.close();
  dist.remove();
});

/** A POST of a report from its own client (a fresh address each call unless one is given). */
function post(body: unknown, init: { address?: string; headers?: Record<string, string>; query?: string } = {}) {
  client += 1;
  return fb.app.request(`/api/feedback${init.query ?? ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CLIENT_HEADER]: init.address ?? `198.51.100.${client}`, ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function problem(res: Response) {
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  return (await res.json()) as { code: string; status: number; field?: string; detail: string };
}

describe('POST /api/feedback: a report from an agent', () => {
  it('answers 202 once stored, with the id, the status and a status URL that answers without a credential', async () => {
    const res = await post({
      page: `${BASE_URL}/docs/overview`,
      helpful: false,
      comment: 'The example is out of date.',
      kind: 'incorrect',
      agent: 'Test Agent 1.0',
    });
    expect(res.status).toBe(202);
    const receipt = await res.json();
    expect(receipt).toEqual({
      id: expect.stringMatching(/^fb_[a-z2-7]{26}$/),
      status: 'new',
      status_url: `${BASE_URL}/api/feedback/${receipt.id}`,
    });
    expect(res.headers.get('location')).toBe(receipt.status_url);
    const status = await fb.app.request(new URL(receipt.status_url).pathname);
    expect(status.status).toBe(200);
    expect(status.headers.get('access-control-allow-origin')).toBe('*');
    expect(await status.json()).toEqual({ id: receipt.id, status: 'new', status_changed_at: new Date(fb.clock.now).toISOString() });
  });

  it('names back the members it ignored, and takes the page as a path, a twin address or with a fragment', async () => {
    const res = await post({ page: '/docs/overview.md#install', helpful: true, mood: 'happy', rating: 5 });
    expect(res.status).toBe(202);
    expect((await res.json()).unknown_fields).toEqual(['mood', 'rating']);
  });

  it('folds the same report sent twice by one client on one day into one record', async () => {
    const report = { page: '/docs/overview', helpful: false, comment: 'Same words twice.' };
    const first = await (await post(report, { address: '203.0.113.7' })).json();
    const again = await (await post(report, { address: '203.0.113.7' })).json();
    const other = await (await post(report, { address: '203.0.113.8' })).json();
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
  });

  it('gives a retry of the same report its receipt again, past the limit, without counting it', async () => {
    const report = { page: '/docs/overview', helpful: false, comment: 'Sent again and again.' };
    const answers = [];
    for (let i = 0; i < 15; i += 1) answers.push(await post(report, { address: '203.0.113.9' }));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 202));
    expect(new Set(await Promise.all(answers.map(async (a) => (await a.json()).id))).size).toBe(1);
  });

  it.each([
    ['a body that is not JSON', '{"page":', 400, 'feedback_body_invalid', undefined],
    ['an array', '[]', 400, 'feedback_body_invalid', undefined],
    ['no page', { helpful: true }, 400, 'feedback_page_missing', 'page'],
    ['neither helpful nor comment', { page: '/docs/overview' }, 400, 'feedback_content_missing', undefined],
    ['a comment of white space only', { page: '/docs/overview', comment: '   ' }, 400, 'feedback_content_missing', undefined],
    ['a comment over 2,000 characters', { page: '/docs/overview', comment: 'x'.repeat(2001) }, 400, 'feedback_field_invalid', 'comment'],
    ['an unknown kind', { page: '/docs/overview', helpful: true, kind: 'typo' }, 400, 'feedback_field_invalid', 'kind'],
    ['helpful as a string', { page: '/docs/overview', helpful: 'yes' }, 400, 'feedback_field_invalid', 'helpful'],
    [
      'an agent name over 100 characters',
      { page: '/docs/overview', helpful: true, agent: 'a'.repeat(101) },
      400,
      'feedback_field_invalid',
      'agent',
    ],
    ['a section with a space', { page: '/docs/overview', helpful: true, section: 'two words' }, 400, 'feedback_field_invalid', 'section'],
    ['a page of another site', { page: 'https://elsewhere.example/docs/overview', helpful: true }, 422, 'feedback_page_unknown', 'page'],
    ['a page that does not exist', { page: '/docs/nowhere', helpful: true }, 422, 'feedback_page_unknown', 'page'],
    ['a page with no twin', { page: '/docs/no-twin', helpful: true }, 422, 'feedback_page_unknown', 'page'],
  ])('refuses %s with its own code, naming the field', async (_name, body, status, code, field) => {
    const res = await post(body);
    expect(res.status).toBe(status);
    const doc = await problem(res);
    expect(doc.code).toBe(code);
    expect(doc.field).toBe(field);
    expect(doc.detail.length).toBeGreaterThan(10);
  });

  it('refuses another media type (415) and a body over the limit (413), before reading it as a report', async () => {
    const form = await post('page=/docs/overview&helpful=true', { headers: { 'content-type': 'text/plain' } });
    expect(form.status).toBe(415);
    expect((await problem(form)).code).toBe('feedback_media_type');
    const big = await post({ page: '/docs/overview', comment: 'x'.repeat(fb.config.feedback.bodyBytes) });
    expect(big.status).toBe(413);
    expect((await problem(big)).code).toBe('feedback_too_large');
  });

  it('refuses a browser page on another site, and gives other origins no CORS preflight to pass', async () => {
    const res = await post({ page: '/docs/overview', helpful: true }, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect((await problem(res)).code).toBe('feedback_origin_refused');
    const preflight = await fb.app.request('/api/feedback', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
  });

  it("takes the site's own pages at their word for the door they used, and anyone else as an agent", async () => {
    const own = await post(
      { page: '/docs/overview', helpful: true },
      { headers: { origin: new URL(BASE_URL).origin }, query: '?source=page' },
    );
    const claimed = await post({ page: '/docs/overview', helpful: true, comment: 'claims to be a page' }, { query: '?source=page' });
    expect(own.status).toBe(202);
    expect(claimed.status).toBe(202);
    const sources = await fb.feedback.deps.store.list({ limit: 100 });
    expect(sources.find((r) => r.id === (own.headers.get('location') ?? '').split('/').pop())?.source).toBe('page');
    expect(sources.find((r) => r.id === (claimed.headers.get('location') ?? '').split('/').pop())?.source).toBe('agent');
  });

  it('keeps no e-mail address and nothing that looks like a token, and the digest of the twin as served', async () => {
    const jwt = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJlc2lnbmF0dXJl';
    const res = await post({
      page: '/docs/overview',
      comment: `Mail me at ada@example.com; my token ${jwt} and key ghp_${'a1'.repeat(18)} fail.`,
    });
    const id = (await res.json()).id;
    const [kept] = (await fb.feedback.deps.store.list({ limit: 200 })).filter((r) => r.id === id);
    expect(kept!.comment).toBe('Mail me at [email removed]; my token [secret removed] and key [secret removed] fail.');
    // The Node edge's entity tag of the twin, without its quotes: the same digest on every door.
    expect(`"${kept!.page_digest}"`).toBe(files.get('/docs/overview.md')!.etag);
  });
});

describe('limits per client', () => {
  it('allows 10 reports a minute, then 429 with Retry-After until the next minute', async () => {
    const address = '192.0.2.10';
    for (let i = 0; i < 10; i += 1)
      expect((await post({ page: '/docs/overview', helpful: i % 2 === 0, comment: `minute ${i}` }, { address })).status).toBe(202);
    const over = await post({ page: '/docs/overview', helpful: true, comment: 'eleventh' }, { address });
    expect(over.status).toBe(429);
    expect((await problem(over)).code).toBe('feedback_rate_limited');
    const wait = Number(over.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // Another client is not held back.
    expect((await post({ page: '/docs/overview', helpful: true }, { address: '192.0.2.11' })).status).toBe(202);
    fb.clock.now += wait * 1000;
    expect((await post({ page: '/docs/overview', helpful: true, comment: 'next minute' }, { address })).status).toBe(202);
  });

  it('allows 100 reports a UTC day, then 429 until midnight', async () => {
    const address = '192.0.2.20';
    let sent = 0;
    while (sent < 100) {
      const res = await post({ page: '/docs/overview', helpful: true, comment: `day ${sent}` }, { address });
      if (res.status === 429) {
        fb.clock.now += Number(res.headers.get('retry-after')) * 1000;
        continue;
      }
      expect(res.status).toBe(202);
      sent += 1;
    }
    const over = await post({ page: '/docs/overview', helpful: true, comment: 'day 101' }, { address });
    expect(over.status).toBe(429);
    const midnight = Date.parse(`${new Date(fb.clock.now).toISOString().slice(0, 10)}T00:00:00Z`) + 86_400_000;
    expect(Number(over.headers.get('retry-after'))).toBe(Math.ceil((midnight - fb.clock.now) / 1000));
  });
});

describe('gaps', () => {
  it('counts the docs addresses asked for that do not exist, and not other missing paths', async () => {
    for (const path of ['/docs/quickstart.md', '/docs/quickstart.md', '/docs/setup', '/wp-login.php']) {
      expect((await fb.app.request(path)).status).toBe(404);
    }
    const pending = fb.feedback.deps.tally.peek().gaps.filter((g) => g.kind === 'page');
    expect(pending.map((g) => [g.key, g.count])).toEqual([
      ['/docs/quickstart.md', 2],
      ['/docs/setup', 1],
    ]);
  });
});
