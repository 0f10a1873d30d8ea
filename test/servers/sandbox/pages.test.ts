import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWorkloadAccessToken } from '../../../harness/workload-token.ts';
import { discoverAuthorizationServer } from '../../../runtime/oauth/authorization-server.ts';
import { startSandbox, type RunningSandbox } from '../../../sandbox/start.ts';
import { makeDataDir } from '../../helpers/sandbox-fixture.ts';

// Every page the authorization server and the dashboard render: styled in-line, nothing loaded from anywhere.
const dir = makeDataDir();
const releaseDir = mkdtempSync(join(tmpdir(), 'warden-release-'));
const lines: string[] = [];
let sandbox: RunningSandbox;

beforeAll(async () => {
  mkdirSync(join(releaseDir, 'latest/download'), { recursive: true });
  writeFileSync(join(releaseDir, 'latest/download/SHA256SUMS'), 'abc  warden-linux-x64.tar.gz\n');
  sandbox = await startSandbox({
    host: '127.0.0.1',
    port: 0,
    baseUrl: 'http://127.0.0.1:1',
    dataDir: dir.dataDir,
    releaseDir,
    log: (l) => lines.push(l),
  });
});
afterAll(async () => {
  await sandbox?.close();
  dir.remove();
  rmSync(releaseDir, { recursive: true, force: true });
});

/** What a page must not do: load anything from any origin (fonts, scripts, images, styles). */
function expectSelfContained(html: string, headers: Headers): void {
  expect(html).not.toMatch(/<(link|script|img|iframe)\b/i);
  expect(html).not.toMatch(/@import|url\(/i);
  expect(headers.get('content-security-policy')).toContain("default-src 'none'");
  expect(headers.get('x-frame-options')).toBe('DENY');
}

const cookieJar = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

describe('the sign-in page', () => {
  it('names the client, the scopes with their meaning and where the browser returns, with Continue and Cancel', async () => {
    const auth = new URL((await discoverAuthorizationServer(fetch, sandbox.issuer)).authorization_endpoint!);
    auth.search = new URLSearchParams({
      client_id: 'warden-cli',
      response_type: 'code',
      redirect_uri: 'http://127.0.0.1:7777/callback',
      scope: 'warden:access warden:lessons.read',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    }).toString();
    const start = await fetch(auth, { redirect: 'manual' });
    expect(start.status).toBe(303);
    const page = await fetch(new URL(start.headers.get('location')!, auth), { headers: { cookie: cookieJar(start) } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expectSelfContained(html, page.headers);
    expect(html).toContain('<strong>Warden CLI</strong> <span class="muted">(Warden&#39;s own client)</span>');
    expect(html).toContain('<code>warden:access</code>: Call Warden');
    expect(html).toContain('<code>warden:lessons.read</code>: Search and read Lessons.');
    expect(html).toContain('Afterwards your browser returns to <code>http://127.0.0.1:7777</code>');
    expect(html).toContain('value="continue"');
    expect(html).toContain('value="cancel"');
  });

  it('is an error page of its own, with no web font, when the sign-in cookie is missing', async () => {
    const response = await fetch(`${sandbox.url}/interaction/unknown-uid`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expectSelfContained(html, response.headers);
    expect(html).toContain('Sign-in failed');
    expect(html).not.toContain('fonts.googleapis.com');
  });

  it("renders oidc-provider's own errors the same way (an unknown client at the authorization endpoint)", async () => {
    const response = await fetch(
      `${(await discoverAuthorizationServer(fetch, sandbox.issuer)).authorization_endpoint}?client_id=nobody&response_type=code`,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expectSelfContained(html, response.headers);
    expect(html).toContain('<code>invalid_client</code>');
  });

  it("the device grant's code page", async () => {
    const response = await fetch(`${sandbox.issuer}/device`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expectSelfContained(html, response.headers);
    expect(html).toContain('name="user_code"');
    expect(html).not.toContain('onfocus');
  });
});

describe('the dashboard gives a registration code and the command that uses it', () => {
  it('signs in as the demo user, mints a one-time code, and the code registers a workload client', async () => {
    const first = await fetch(`${sandbox.url}/dashboard`);
    expectSelfContained(await first.text(), first.headers);
    const signIn = await fetch(`${sandbox.url}/dashboard/sign-in`, { method: 'POST', redirect: 'manual' });
    expect(signIn.status).toBe(303);
    const cookie = cookieJar(signIn);
    expect(cookie).toMatch(/^warden_dashboard=demo-user\./);
    const minted = await fetch(`${sandbox.url}/dashboard/registration-codes`, { method: 'POST', headers: { cookie } });
    const html = await minted.text();
    expectSelfContained(html, minted.headers);
    const command = /<pre><code>(warden admin register --code [^<]+)<\/code><\/pre>/.exec(html)?.[1];
    expect(command, html).toBeDefined();
    expect(html).toContain('expires in 60 minutes');
    const code = command!.split(' ').pop()!;
    expect(
      await getWorkloadAccessToken(sandbox.issuer, code, { resource: 'http://127.0.0.1:1', scopes: ['warden:access'], clientName: 'test' }),
    ).toBeTruthy();
  });

  it('mints nothing for a visitor who is not signed in, or for a forged cookie, or from another site', async () => {
    const anonymous = await fetch(`${sandbox.url}/dashboard/registration-codes`, { method: 'POST', redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    const forged = await fetch(`${sandbox.url}/dashboard/registration-codes`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: 'warden_dashboard=demo-user.AAAA' },
    });
    expect(forged.status).toBe(303);
    const signIn = await fetch(`${sandbox.url}/dashboard/sign-in`, { method: 'POST', redirect: 'manual' });
    const crossSite = await fetch(`${sandbox.url}/dashboard/registration-codes`, {
      method: 'POST',
      headers: { cookie: cookieJar(signIn), origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
  });

  it('prints the registration command and the dashboard address at start', () => {
    expect(lines.find((l) => l.startsWith('Register a workload client'))).toMatch(/: warden admin register --code \S+$/);
    expect(lines).toContain(`More codes: ${sandbox.url}/dashboard`);
  });
});

describe('the release archive stand-in', () => {
  it('serves files of the release folder and nothing outside it', async () => {
    const sums = await fetch(`${sandbox.url}/releases/cli/latest/download/SHA256SUMS`);
    expect(sums.status).toBe(200);
    expect(await sums.text()).toBe('abc  warden-linux-x64.tar.gz\n');
    for (const path of [
      '/releases/cli/../secrets.json',
      '/releases/cli/%2e%2e/secrets.json',
      '/releases/cli/latest/download/missing.tar.gz',
    ]) {
      expect((await fetch(`${sandbox.url}${path}`)).status, path).toBe(404);
    }
    // A folder answers its index (sandbox/http/release-index.ts), as a release host's listing does.
    const folder = await fetch(`${sandbox.url}/releases/cli/latest`, { headers: { accept: 'text/markdown' } });
    expect(folder.status).toBe(200);
    expect(await folder.text()).toContain('[download/](/releases/cli/latest/download/)');
  });
});
