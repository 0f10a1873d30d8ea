import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContent } from '../../content-model/read-content.ts';
import { MCP_PATHS } from '../../facts/paths.ts';
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
