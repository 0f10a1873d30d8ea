import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { watchOutput } from './child-output.ts';

/**
 * The coding agents' own CLIs the tests run, pinned here and nowhere else. They are large, so they are not in
 * package.json: the test set-up installs them once per machine into a cache folder (the tests that run them ask again,
 * which is then nothing to do). `npm install --prefix`, not `npm ci`: a lock holding opencode-ai lacks its other
 * platforms' optional packages, and `npm ci` refuses it.
 */
export const AGENT_CLIS = {
  '@anthropic-ai/claude-code': { version: '2.1.328', bin: 'claude' },
  '@openai/codex': { version: '0.169.0', bin: 'codex' },
  '@google/gemini-cli': { version: '0.61.0', bin: 'gemini' },
  'opencode-ai': { version: '1.18.33', bin: 'opencode' },
} as const;

const DIR = resolve('node_modules/.cache/agent-clis');

/** The installed version of a package in the cache, or undefined. */
function installedVersion(name: string): string | undefined {
  const manifest = join(DIR, 'node_modules', name, 'package.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : undefined;
}

/** Installs the pinned CLIs into the cache unless they are there already; resolves with each CLI's path by name. */
export async function installAgentClis(): Promise<Record<(typeof AGENT_CLIS)[keyof typeof AGENT_CLIS]['bin'], string>> {
  const entries = Object.entries(AGENT_CLIS);
  const missing = entries.filter(([name, { version }]) => installedVersion(name) !== version);
  if (missing.length)
    await promisify(execFile)(
      'npm',
      ['install', '--prefix', DIR, '--no-save', '--no-audit', '--no-fund', ...missing.map(([name, { version }]) => `${name}@${version}`)],
      { timeout: 170_000, maxBuffer: 16 * 1024 * 1024 },
    );
  return Object.fromEntries(entries.map(([, { bin }]) => [bin, join(DIR, 'node_modules', '.bin', bin)])) as never;
}

/** One MCP server as Codex's app server reports it once connected: who it said it is, and its tools by name. */
export interface CodexServerStatus {
  name: string;
  serverInfo?: { name: string; title?: string };
  tools: Record<string, unknown>;
}

/**
 * The MCP servers of Codex's configuration, each as Codex's own client found it by connecting (`codex mcp list` only
 * reads the file): its app server's `mcpServerStatus/list` (JSON-RPC over stdio) after its `initialize`. Plugins are
 * off, so it fetches no marketplace and needs no network; the app server ends when its input does.
 */
export async function listCodexServers(codex: string, env: Record<string, string>): Promise<CodexServerStatus[]> {
  const child = spawn(codex, ['app-server', '--disable', 'plugins'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const output = watchOutput(child);
  const closed = new Promise((done) => child.once('close', done));
  // The answer's line, once it is whole (one JSON-RPC message a line).
  const answer = () =>
    output
      .stdout()
      .split('\n')
      .slice(0, -1)
      .find((line) => line.startsWith('{"id":2,'));
  const messages = [
    { id: 1, method: 'initialize', params: { clientInfo: { name: 'warden-tests', version: '1' } } },
    { method: 'initialized' },
    { id: 2, method: 'mcpServerStatus/list', params: {} },
  ];
  try {
    child.stdin.write(messages.map((m) => `${JSON.stringify(m)}\n`).join(''));
    await output.until(() => answer() !== undefined, 'codex app-server: mcpServerStatus/list');
    const { result, error } = JSON.parse(answer()!) as { result?: { data: CodexServerStatus[] }; error?: unknown };
    if (!result) throw new Error(`codex app-server: mcpServerStatus/list: ${JSON.stringify(error)}`);
    return result.data;
  } finally {
    child.stdin.end();
    await closed;
  }
}
