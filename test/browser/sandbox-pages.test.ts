import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { discoverAuthorizationServer } from '../../runtime/oauth/authorization-server.ts';
import { readTestContent } from '../helpers/built-site.ts';
import { useTestSandbox } from '../helpers/sandbox-fixture.ts';
import { launchChromium } from '../../harness/chromium.ts';

// Every page the demo authorization server and its dashboard render, in Chromium: nothing is requested from any
// origin but the sandbox's own (no web font, no script, no style sheet, no image) and nothing logs an error (a
// style or script the page's CSP refused would).
const sandbox = useTestSandbox();
const { site } = await readTestContent();
let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

/** A fresh browser profile for each test: no sign-in cookie carries over. */
async function freshPage(): Promise<{ page: Page; problems: string[] }> {
  await context?.close();
  context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const problems: string[] = [];
  const own = new URL(sandbox.url).origin;
  page.on('request', (r) => new URL(r.url()).origin !== own && problems.push(`request to another origin: ${r.url()}`));
  page.on('console', (m) => {
    // Chromium logs an error page's own status as "Failed to load resource"; that is the page's HTTP status, which
    // the test checks itself, not something the page did.
    const ownStatus =
      m.location().url === page.url() && m.text().startsWith('Failed to load resource: the server responded with a status of 4');
    if (m.type() === 'error' && !ownStatus) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return { page, problems };
}

/** Where the CLI's sign-in starts: its authorization request, to a loopback redirect nobody listens on. */
async function authorizationUrl(): Promise<string> {
  const url = new URL((await discoverAuthorizationServer(fetch, sandbox.issuer)).authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: site.cli.client_id,
    response_type: 'code',
    redirect_uri: 'http://127.0.0.1:9/callback',
    scope: 'warden:access warden:lessons.read',
    code_challenge: 'x'.repeat(43),
    code_challenge_method: 'S256',
  }).toString();
  return url.href;
}

describe("the authorization server's pages in Chromium", () => {
  it('the sign-in page', async () => {
    const { page, problems } = await freshPage();
    const response = await page.goto(await authorizationUrl());
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toMatch(/^\/interaction\//);
    await expect(page.getByRole('button', { name: 'Continue as demo user' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Cancel' }).isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);
  });

  it('the device grant: code page, a refused code, confirmation and the signed-in page', async () => {
    const { page, problems } = await freshPage();
    const metadata = await discoverAuthorizationServer(fetch, sandbox.issuer);
    const started = await fetch(metadata.device_authorization_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: site.cli.client_id, scope: 'warden:access', resource: sandbox.baseUrl }),
    });
    const device = (await started.json()) as { user_code: string; verification_uri: string };
    await page.goto(device.verification_uri);
    const continueButton = page.getByRole('button', { name: 'Continue', exact: true });
    await page.locator('input[name="user_code"]').fill('WRONG-CODE');
    await continueButton.click();
    await expect(page.locator('[role="alert"]').textContent()).resolves.toContain('not valid');
    await page.locator('input[name="user_code"]').fill(device.user_code);
    await continueButton.click();
    await expect(page.locator('h1').textContent()).resolves.toBe('Confirm the code');
    await continueButton.click();
    await page.getByRole('button', { name: 'Continue as demo user' }).click();
    await expect(page.locator('main').textContent()).resolves.toContain('is signed in');
    expect(problems).toEqual([]);
  });

  it('the error pages: a sign-in with no cookie, and an unknown client', async () => {
    const { page, problems } = await freshPage();
    const lost = await page.goto(`${sandbox.url}/interaction/unknown-uid`);
    expect(lost?.status()).toBe(400);
    await expect(page.locator('h1').textContent()).resolves.toBe('Sign-in failed');
    const unknown = await page.goto(
      `${(await discoverAuthorizationServer(fetch, sandbox.issuer)).authorization_endpoint}?client_id=nobody&response_type=code`,
    );
    expect(unknown?.status()).toBe(400);
    await expect(page.locator('main').textContent()).resolves.toContain('invalid_client');
    expect(problems).toEqual([]);
  });

  it('the dashboard: signed out, signed in (its own form posts are not taken for cross-site ones), a minted code, signed out again', async () => {
    const { page, problems } = await freshPage();
    await page.goto(`${sandbox.url}/dashboard`);
    await page.getByRole('button', { name: 'Continue as demo user' }).click();
    await page.getByRole('button', { name: 'New registration code' }).click();
    await expect(page.locator('pre code', { hasText: 'admin register' }).textContent()).resolves.toMatch(
      /^warden admin register --code \S+$/,
    );
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Continue as demo user' }).isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);
  });
});
