import { describe, expect, it } from 'vitest';
import { runInspector } from '../helpers/inspector-cli.ts';
import { useBrowserHook } from '../helpers/clients/browser-hook.ts';
import { ADDRESS_NAMES, useClientSystem } from '../helpers/clients/client-system.ts';
import { getFreePort } from '../../harness/free-port.ts';

// The MCP Inspector CLI signing in the way its users do, at each of the three addresses. Without a terminal it
// refuses to start an interactive sign-in unless MCP_AUTO_OPEN_ENABLED=true; then it opens the browser with
// `open`, which here is Debian's Chromium on the sign-in page (open-in-chromium.ts).
// Before it signs in, it checks the protected-resource metadata against the URL it was given (the SDK's
// selectResourceURL: the metadata's `resource` must have the URL's origin and a path that prefixes the URL's,
// RFC 9728 §3.3 as MCP clients apply it) and asks for a token for that resource (RFC 8707).
const system = useClientSystem();
const browser = useBrowserHook();

/** Runs the Inspector CLI as a person at a terminal would (MCP_AUTO_OPEN_ENABLED stands in for the terminal). */
function inspect(url: string, args: string[], env: Record<string, string>) {
  // Its secrets (client and tokens) go to a file under the scratch HOME, so a second run finds the first's token.
  return runInspector(url, args, { ...env, MCP_AUTO_OPEN_ENABLED: 'true', MCP_INSPECTOR_SECRET_STORE: 'file' });
}

describe.each(ADDRESS_NAMES)('the MCP Inspector CLI at %s', (name) => {
  it('signs in through the sign-in page and calls get_run', { timeout: 90_000 }, async () => {
    const address = system.address(name);
    const before = browser.count();
    const callback = `http://127.0.0.1:${await getFreePort()}/oauth/callback`;
    const args = [
      '--callback-url',
      callback,
      '--method',
      'tools/call',
      '--tool-name',
      'get_run',
      '--tool-args-json',
      '{"run_id":"run_demo_0001"}',
    ];
    const { code, json, stderr } = await inspect(address.url, args, browser.env());
    expect(code, stderr).toBe(0);
    expect(json!.result.structuredContent).toMatchObject({ run_id: 'run_demo_0001' });
    const [run, ...more] = await browser.runsAfter(before);
    expect(more).toEqual([]);
    expect(run!.error).toBeUndefined();
    expect(run!.asks).toMatch(/^MCP Inspector \(registered itself; the name is its own claim\) asks to use Warden/);
    expect(run!.problems).toEqual([]);
    expect(run!.otherOrigins).toEqual([]);
    expect(run!.returnedTo!.startsWith(`${callback}?code=`)).toBe(true);
    expect(run!.clientPage).toBe('OAuth complete. You can close this window.');
    expect(stderr).toContain('Please navigate to: ');
    expect(stderr).toContain('Authorization complete. Retrying…');
    // The resource it asked for is the metadata's, which passed its check against the URL it was given.
    expect(new URL(run!.opened).searchParams.get('resource')).toBe(address.resource);

    // A second run uses the stored token and never asks the person again.
    const again = await inspect(address.url, ['--stored-auth-only', '--method', 'tools/call', '--tool-name', 'get_account'], browser.env());
    expect(again.code, again.stderr).toBe(0);
    expect(again.json!.result.structuredContent).toMatchObject({ account_id: 'demo-user' });
    expect(browser.count()).toBe(before + 1);
  });
});

describe('the check the Inspector makes before signing in', () => {
  it('refuses an address whose metadata names another resource, and opens no browser', { timeout: 60_000 }, async () => {
    // The edge by another name: its metadata names http://127.0.0.1:<port>, not http://localhost:<port>.
    const url = system.address("the edge's /mcp").url.replace('127.0.0.1', 'localhost');
    const before = browser.count();
    const callback = `http://127.0.0.1:${await getFreePort()}/oauth/callback`;
    const { code, stderr } = await inspect(
      url,
      ['--callback-url', callback, '--method', 'tools/call', '--tool-name', 'get_account'],
      browser.env(),
    );
    expect(code).toBe(1);
    expect(stderr).toContain(`Protected resource ${system.edgeUrl} does not match expected ${url} (or origin)`);
    expect(browser.count()).toBe(before);
  });
});
