import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toTryItConfig } from '../../../documents/try-it/to-try-it-config.ts';
import { discoverAuthorizationServer } from '../../../runtime/oauth/authorization-server.ts';
import { readTestContent } from '../../helpers/built-site.ts';
import { signInOverHttp } from '../../helpers/http-sign-in.ts';
import { createFrozenClock, makeDataDir, postMcp, startTestSandbox } from '../../helpers/sandbox-fixture.ts';

// Every tool page's example runs: its arguments, sent in the order the docs walk through the demo, get the
// documented result from the demo sandbox, signed in as the demo user on the sign-in page. Only what the
// sandbox makes new for each call differs: the id of the run start_run starts (the examples write it as the
// start_run example's run_id) and the id of a new lesson.
const { site, tools } = await readTestContent();
const example = (name: string) => tools.find((t) => t.name === name)!.example;
const DOCUMENTED_RUN = String(example('start_run').result.run_id);
/** The docs' demo path, and the seconds the clock moves before each call. */
const ORDER: Array<[string, number]> = [
  ['list_workflows', 0],
  ['get_workflow', 0],
  ['start_run', 0],
  ['list_runs', 0],
  ['get_run', 0],
  ['request_signoff', 60],
  ['get_approvals', 0],
  ['get_merge_gate', 0],
  ['get_audit_trail', 0],
  ['get_account', 0],
  ['get_license', 0],
  ['search_lessons', 0],
  ['add_lesson', 0],
];

const dir = makeDataDir();
const clock = createFrozenClock(String(example('start_run').result.started_at));
let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
let token = '';

/** The demo user's token, as a person gets it: authorization code with PKCE through the sign-in page. */
async function signInAsDemoUser(): Promise<string> {
  const metadata = await discoverAuthorizationServer(fetch, sandbox.issuer);
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = 'http://127.0.0.1:53682/callback';
  const url = new URL(metadata.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: site.cli.client_id,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: toTryItConfig({ site }).scope,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: sandbox.url,
  }).toString();
  const code = (await signInOverHttp(url.href)).searchParams.get('code')!;
  const response = await fetch(metadata.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: site.cli.client_id,
      code_verifier: verifier,
      resource: sandbox.url,
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  sandbox = await startTestSandbox(dir.dataDir, undefined, undefined, { now: clock.now });
  token = await signInAsDemoUser();
});
afterAll(async () => {
  await sandbox?.close();
  dir.remove();
});

async function callTool(name: string, args: Record<string, unknown>) {
  const response = await postMcp(sandbox.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, token);
  const text = await response.text();
  const message = JSON.parse(/^data: (.*)$/m.exec(text)?.[1] ?? text) as {
    result: { isError?: boolean; structuredContent: Record<string, unknown>; content: unknown };
  };
  return message.result;
}

describe('the tool examples run as documented', () => {
  it('covers every tool', () => expect(ORDER.map(([name]) => name).sort()).toEqual(tools.map((t) => t.name).sort()));

  let started = '';
  it.each(ORDER)('%s', async (name, seconds) => {
    clock.advance(seconds);
    const { arguments: args, result } = example(name);
    const real = await callTool(name, JSON.parse(JSON.stringify(args).replaceAll(DOCUMENTED_RUN, started || DOCUMENTED_RUN)));
    expect(real.isError, JSON.stringify(real.content)).toBeFalsy();
    if (name === 'start_run') started = String(real.structuredContent.run_id);
    if (name === 'start_run') expect(started).toMatch(/^run_[a-z0-9]{10}$/);
    const asDocumented = JSON.parse(JSON.stringify(real.structuredContent).replaceAll(started || DOCUMENTED_RUN, DOCUMENTED_RUN));
    if (name === 'add_lesson') {
      expect(asDocumented.lesson.id).toMatch(/^les_[a-z0-9]{10}$/);
      asDocumented.lesson.id = (result.lesson as { id: string }).id;
    }
    expect(asDocumented).toEqual(result);
  });
});
