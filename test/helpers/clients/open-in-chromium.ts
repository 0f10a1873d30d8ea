// The browser a client opens, as `$BROWSER <url>` (xdg-open runs it; see browser-hook.ts). It drives the shared
// Chromium through the sign-in page as a person would: read the page, press "Continue as demo user" (or Cancel),
// and follow the browser back to the client's loopback callback. What it saw goes to a log, one JSON line a run.
// Run by Node itself (type stripping), so it imports nothing of the project.
import { appendFileSync } from 'node:fs';
import { connect } from 'node:net';
import { chromium } from 'playwright-core';

const url = process.argv[2] ?? '';
const endpoint = process.env.WARDEN_CHROMIUM_ENDPOINT ?? '';
const decision = process.env.WARDEN_SIGN_IN_DECISION === 'cancel' ? 'cancel' : 'continue';
const logFile = process.env.WARDEN_BROWSER_LOG ?? '';

/**
 * Waits (up to 10 s) until the client's loopback callback accepts connections. A person reads the page before
 * pressing a button; this script presses at once, and some clients (mcp-remote) open the browser before their
 * callback server listens, so an instant Cancel would otherwise land on a closed port.
 */
async function waitForCallback(redirectUri: string | null): Promise<void> {
  if (!redirectUri) return;
  const { hostname, port } = new URL(redirectUri);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((done) => {
      const socket = connect({ host: hostname, port: Number(port), autoSelectFamily: true });
      const settle = (listening: boolean) => {
        socket.destroy();
        done(listening);
      };
      socket.once('connect', () => settle(true)).once('error', () => settle(false));
      socket.setTimeout(500, () => settle(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What one sign-in looked like from the browser. */
const record: Record<string, unknown> = { opened: url, decision };
const problems: string[] = [];
const otherOrigins: string[] = [];

try {
  const browser = await chromium.connect(endpoint, { timeout: 10_000 });
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const server = new URL(url).origin;
  // Until the browser leaves for the client's callback (whose page is the client's business), the authorization
  // server's pages log no error and load nothing from anywhere else.
  let leaving = false;
  page.on('console', (m) => !leaving && m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => !leaving && problems.push(`pageerror: ${e.message}`));
  page.on('request', (r) => !leaving && new URL(r.url()).origin !== server && otherOrigins.push(r.url()));
  await page.goto(url);
  record.signInPage = page.url();
  record.title = await page.title();
  record.asks = (await page.locator('.card p').first().textContent())?.trim();
  await waitForCallback(new URL(url).searchParams.get('redirect_uri'));
  leaving = true;
  await page.getByRole('button', { name: decision === 'cancel' ? 'Cancel' : 'Continue as demo user' }).click();
  await page.waitForURL((u) => u.origin !== server);
  await page.waitForLoadState();
  record.returnedTo = page.url();
  // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator, not a DOM node: the text the person sees is wanted, which textContent (scripts and hidden text included) is not
  record.clientPage = (await page.locator('body').innerText()).trim().slice(0, 300);
  await context.close();
  await browser.close();
} catch (error) {
  record.error = String(error);
}
record.problems = problems;
record.otherOrigins = otherOrigins;
appendFileSync(logFile, `${JSON.stringify(record)}\n`);
