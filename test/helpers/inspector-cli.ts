import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { ToolsAnswer } from './tool-output.ts';

const run = promisify(execFile);
const NODE = resolve('node_modules/.bin/node');
const INSPECTOR = resolve('node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');

/** What one run of the Inspector CLI ended with. */
export interface InspectorRun {
  code: number;
  /** stdout parsed as JSON (`--format json`), or undefined. */
  json: ToolsAnswer | undefined;
  stderr: string;
}

/**
 * Runs the MCP Inspector CLI against `url` over HTTP with `--format json` and `args`, in `env` (give it a scratch
 * HOME: its state lives in ~/.mcp-inspector). Resolves with its exit code, never rejects; gives up after a minute.
 */
export async function runInspector(url: string, args: string[], env: Record<string, string | undefined>): Promise<InspectorRun> {
  const { code, stdout, stderr } = await run(NODE, [INSPECTOR, '--cli', url, '--transport', 'http', '--format', 'json', ...args], {
    env,
    timeout: 60_000,
  }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
  let json: ToolsAnswer | undefined;
  try {
    json = JSON.parse(stdout) as ToolsAnswer;
  } catch {
    json = undefined;
  }
  return { code, json, stderr };
}
