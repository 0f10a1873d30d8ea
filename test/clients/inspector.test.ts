import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContent } from '../../content-model/read-content.ts';
import { MCP_PATHS, PATHS } from '../../facts/paths.ts';
import { toToolsList } from '../../documents/to-tools-list.ts';
import { runInspector } from '../helpers/inspector-cli.ts';
import { startEdgeWithSandbox, type EdgeWithSandbox } from '../helpers/clients/edge-with-sandbox.ts';

// The MCP Inspector CLI against the edge in front of the sandbox, with a real sandbox token.
const toolNames = toToolsList(readContent(undefined, {}).tools)
  .tools.map((t) => t.name)
  .sort();
const home = mkdtempSync(join(tmpdir(), 'warden-inspector-home-'));
let system: EdgeWithSandbox;
let token: string;

// State lives in ~/.mcp-inspector: a scratch HOME keeps the machine's own out of it.
const inspect = (url: string, args: string[]) => runInspector(url, args, { ...process.env, HOME: home });

beforeAll(async () => {
  system = await startEdgeWithSandbox();
  token = await system.getToken();
});
afterAll(async () => {
  await system?.close();
  rmSync(home, { recursive: true, force: true });
});

describe.each(MCP_PATHS)('MCP Inspector CLI through the edge at %s', (path) => {
  const url = () => `${system.baseUrl}${path}`;

  it('lists the content tools without a credential', async () => {
    const { code, json } = await inspect(url(), ['--method', 'tools/list']);
    expect(code).toBe(0);
    expect(json!.result.tools.map((t: { name: string }) => t.name).sort()).toEqual(toolNames);
  });

  it('is refused a tools/call without a token (exit 3, auth_required)', async () => {
    const { code, stderr } = await inspect(url(), ['--stored-auth-only', '--method', 'tools/call', '--tool-name', 'get_account']);
    expect(code).toBe(3);
    expect(stderr).toContain('auth_required');
  });

  it('calls a tool with a real sandbox token (legacy era)', async () => {
    const { code, json } = await inspect(url(), [
      '--header',
      `Authorization: Bearer ${token}`,
      '--method',
      'tools/call',
      '--tool-name',
      'get_account',
    ]);
    expect(code).toBe(0);
    expect(json!.result.isError).toBeFalsy();
    expect(json!.result.structuredContent.hosted_starts.limit).toBe(500);
  });

  it('calls a tool with arguments in the modern era (2026-07-28)', async () => {
    const args = [
      '--protocol-era',
      'modern',
      '--header',
      `Authorization: Bearer ${token}`,
      '--method',
      'tools/call',
      '--tool-name',
      'get_run',
      '--tool-args-json',
      '{"run_id":"run_demo_0001"}',
    ];
    const { code, json } = await inspect(url(), args);
    expect(code).toBe(0);
    expect(json!.result.structuredContent.run_id).toBe('run_demo_0001');
  });

  it('reports an unknown tool as a tool error (exit 5)', async () => {
    const { code } = await inspect(url(), [
      '--header',
      `Authorization: Bearer ${token}`,
      '--method',
      'tools/call',
      '--tool-name',
      'no_such_tool',
    ]);
    expect(code).toBe(5);
  });
});

describe(`MCP Inspector CLI at the docs MCP server (${PATHS.mcpDocs}), with no sign-in at all`, () => {
  const url = () => `${system.baseUrl}${PATHS.mcpDocs}`;
  // --stored-auth-only: a server that asked for a token would end the run (exit 3, auth_required) instead.
  const docs = (args: string[]) => inspect(url(), ['--stored-auth-only', ...args]);

  it('lists the docs tools and calls each, in both eras', async () => {
    const list = await docs(['--method', 'tools/list']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.json!.result.tools.map((t) => t.name).sort()).toEqual(['read_docs_page', 'search_docs']);
    const search = await docs([
      '--protocol-era',
      'modern',
      '--method',
      'tools/call',
      '--tool-name',
      'search_docs',
      '--tool-args-json',
      '{"q":"sign in without a browser","limit":2}',
    ]);
    expect(search.code, search.stderr).toBe(0);
    const answer = search.json!.result.structuredContent as unknown as { query: string; results: unknown[] };
    expect(answer.query).toBe('sign in without a browser');
    expect(answer.results).toHaveLength(2);
    const read = await docs([
      '--method',
      'tools/call',
      '--tool-name',
      'read_docs_page',
      '--tool-args-json',
      '{"path":"/docs/connect-mcp"}',
    ]);
    expect(read.code, read.stderr).toBe(0);
    const { content } = read.json!.result as unknown as { content: Array<{ text: string }> };
    expect(content[0]!.text).toMatch(/^---\ntitle: "Connect an MCP client"\n/);
  });
});
