import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';

/** What the tests call on either SDK's client. */
export interface StdioClient {
  era: string;
  listTools(): Promise<{ tools: unknown[] }>;
  callTool(p: {
    name: string;
    arguments: Record<string, unknown>;
  }): Promise<{ isError?: boolean; structuredContent?: unknown; content: unknown }>;
  /** What `warden mcp` wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

/** `warden mcp` started and driven over stdio by the official SDK: v1 (legacy era) or v2 (modern era). */
export async function connectStdio(sdk: 'v1' | 'v2', command: string, env: Record<string, string>): Promise<StdioClient> {
  let stderr = '';
  const params = { command, args: ['mcp'], env, stderr: 'pipe' as const };
  if (sdk === 'v1') {
    const transport = new StdioV1(params);
    transport.stderr?.on('data', (d) => (stderr += d));
    const client = new ClientV1({ name: 'cli-e2e-v1', version: '0.0.1' });
    await client.connect(transport);
    return {
      era: 'legacy',
      listTools: () => client.listTools(),
      callTool: (p) => client.callTool(p) as never,
      stderr: () => stderr,
      close: () => client.close(),
    };
  }
  const transport = new StdioV2(params);
  transport.stderr?.on('data', (d) => (stderr += d));
  const client = new ClientV2({ name: 'cli-e2e-v2', version: '0.0.1' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(transport);
  return {
    era: client.getProtocolEra() ?? 'unknown',
    listTools: () => client.listTools(),
    callTool: (p) => client.callTool(p) as never,
    stderr: () => stderr,
    close: () => client.close(),
  };
}
