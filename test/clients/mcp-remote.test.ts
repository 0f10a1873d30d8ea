import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { useBrowserHook } from '../helpers/clients/browser-hook.ts';
import { useClientSystem, type AddressName } from '../helpers/clients/client-system.ts';
import { getPortBelowEphemeral } from '../../harness/free-port.ts';

// mcp-remote, the stdio bridge Claude Desktop uses for remote servers, run as the user's MCP client would run it:
// a child process spoken to over stdio by an SDK client. Its browser is Debian's Chromium, driven through the sign-in
// page by open-in-chromium.ts (mcp-remote opens URLs with `open`, whose xdg-open falls back to $BROWSER when there is
// no desktop). Where it signs in it is given a callback port below the system's ephemeral range, as connect-mcp.md
// tells users to give one: by default it derives the port from a hash of the server URL, anywhere among the ports the
// suite's servers and connections are handed, and when that one is taken it listens on the next after it has already
// sent the browser to the taken one, and waits for ever.
const system = useClientSystem();
const browser = useBrowserHook();
const NODE = resolve('node_modules/.bin/node');
const MCP_REMOTE = resolve('node_modules/mcp-remote/dist/proxy.js');
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

let runs = 0;
/** Starts mcp-remote for `url` (and `port`, its callback port) with its own config folder and connects an SDK client to its stdio. */
async function bridge(url: string, decision: 'continue' | 'cancel', port?: number) {
  // mcp-remote keeps clients and tokens in MCP_REMOTE_CONFIG_DIR (default ~/.mcp-auth), per server URL.
  const configDir = join(browser.home, `mcp-auth-${++runs}`);
  const transport = new StdioClientTransport({
    command: NODE,
    args: [MCP_REMOTE, url, ...(port ? [String(port)] : [])],
    env: { ...browser.env(decision), MCP_REMOTE_CONFIG_DIR: configDir },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'mcp-remote-test', version: '0.0.1' });
  await client.connect(transport);
  /** Files mcp-remote stored in its config folder (mcp-remote-v1/<hash>_<name>). */
  const stored = (name: string) => {
    const dir = join(configDir, 'mcp-remote-v1');
    const file = existsSync(dir) ? readdirSync(dir).find((f) => f.endsWith(`_${name}`)) : undefined;
    return file ? (JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>) : undefined;
  };
  return { client, stored, log: () => stderr };
}

/** A failed call's error, with what mcp-remote logged and what the browser saw, so the cause is in the report. */
const explained = (before: number, log: () => string) => (error: unknown) => {
  throw new Error(
    `${String(error)}\n--- mcp-remote's stderr:\n${log()}\n--- the browser:\n${JSON.stringify(browser.seen(before), null, 1)}`,
  );
};

describe.each(['the hosted endpoint', "the edge's /mcp"] satisfies AddressName[])('mcp-remote, given a callback port, at %s', (name) => {
  it('lists tools, signs in through the sign-in page on the first tools/call, and get_run answers', { timeout: 90_000 }, async () => {
    const address = system.address(name);
    const before = browser.count();
    const port = await getPortBelowEphemeral();
    const { client, stored, log } = await bridge(address.url, 'continue', port);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('get_run');
      const result = await client
        .callTool({ name: 'get_run', arguments: { run_id: 'run_demo_0001' } }, undefined, { timeout: 60_000 })
        .catch(explained(before, log));
      expect(result.isError, `${JSON.stringify(result.content)}\n${log()}`).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ run_id: 'run_demo_0001' });
    } finally {
      await client.close();
    }
    const [run, ...more] = await browser.runsAfter(before);
    expect(more, log()).toEqual([]);
    expect(run!.error, log()).toBeUndefined();
    expect(run!.title).toBe('Sign in to continue · Warden');
    expect(run!.asks).toMatch(/^MCP CLI Proxy \(registered itself; the name is its own claim\) asks to use Warden/);
    expect(run!.problems).toEqual([]);
    expect(run!.otherOrigins).toEqual([]);
    const callback = new URL(run!.returnedTo!);
    expect(callback.pathname).toBe('/oauth/callback');
    expect(callback.port).toBe(String(port));
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(run!.clientPage).toMatch(/^Authorization successful!\s+You may close this window and return to the CLI\.$/);
    // mcp-remote registered itself (RFC 7591, no code) and keeps a token for the resource it connected to.
    const clientInfo = stored('client_info.json')!;
    expect(clientInfo.redirect_uris).toEqual([`${callback.origin}/oauth/callback`]);
    expect(claimsOf(stored('tokens.json')!.access_token!)).toMatchObject({
      aud: address.resource,
      sub: 'demo-user',
      client_id: clientInfo.client_id,
    });
  });
});

describe('mcp-remote when the person cancels', () => {
  it('Cancel on the sign-in page: the client gets access_denied, the call fails and no token is stored', { timeout: 90_000 }, async () => {
    const address = system.address("the edge's /mcp");
    const before = browser.count();
    const { client, stored, log } = await bridge(address.url, 'cancel', await getPortBelowEphemeral());
    let outcome: unknown;
    try {
      outcome = await client
        .callTool({ name: 'get_run', arguments: { run_id: 'run_demo_0001' } }, undefined, { timeout: 60_000 })
        .catch((e: unknown) => e);
    } finally {
      await client.close();
    }
    const [run] = await browser.runsAfter(before);
    expect(run?.error, log()).toBeUndefined();
    expect(new URL(run!.returnedTo!).searchParams.get('error')).toBe('access_denied');
    // mcp-remote answers the call with its own JSON-RPC error carrying the authorization server's.
    expect(outcome, log()).toBeInstanceOf(McpError);
    expect((outcome as McpError).message).toContain('access_denied');
    expect(stored('tokens.json')).toBeUndefined();
  });
});

describe('mcp-remote with its default flags, at the docs MCP server', () => {
  it('lists and calls the docs tools with no sign-in: no browser opens and no token is stored', { timeout: 90_000 }, async () => {
    const before = browser.count();
    // Were a sign-in asked for, the person would cancel it and the calls below would fail.
    const { client, stored, log } = await bridge(`${system.edgeUrl}/mcp/docs`, 'cancel');
    try {
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['read_docs_page', 'search_docs', 'submit_feedback']);
      const search = await client.callTool({ name: 'search_docs', arguments: { q: 'what does -31403 mean', limit: 3 } });
      expect(search.isError, `${JSON.stringify(search.content)}\n${log()}`).toBeFalsy();
      expect((search.structuredContent as { results: unknown[] }).results.length).toBeGreaterThan(0);
      const read = await client.callTool({ name: 'read_docs_page', arguments: { path: '/docs/errors' } });
      expect(read.isError, log()).toBeFalsy();
      expect((read.content as Array<{ text: string }>)[0]!.text).toMatch(/^---\ntitle: "Errors"\n/);
    } finally {
      await client.close();
    }
    expect(browser.count(), log()).toBe(before);
    expect(stored('tokens.json')).toBeUndefined();
  });
});
