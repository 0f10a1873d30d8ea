import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The Node flags an npm script starts its program with (`node --max-semi-space-size=8 scripts/serve.mjs` → the
 * flag), so a benchmark spawns the edge exactly as `npm run serve` runs it.
 */
export function toNodeFlags(npmScript: string): string[] {
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
  const words = (scripts[npmScript] ?? '').split(/\s+/);
  return words[0] === 'node' ? words.slice(1).filter((w) => w.startsWith('--')) : [];
}

/** How the benchmarks start the edge: `npm run serve`'s flags and program, on the current Node. */
export const EDGE_ARGS: readonly string[] = [...toNodeFlags('serve'), 'scripts/serve.mjs'];

/** A server running in its own process, so load generator and server do not share an event loop. */
export interface ChildServer {
  url: string;
  /** The process id, to read its memory and CPU time from /proc. */
  pid: number;
  close(): Promise<void>;
}

/**
 * Starts `script` on the current Node (its own type stripping runs the TypeScript; an array is Node flags then the
 * script), waits until `readyUrl` answers (any status), bounded to `readyTimeoutMs` (30 s).
 */
export async function spawnServer(
  script: string | readonly string[],
  env: Record<string, string>,
  url: string,
  readyPath = '/',
  readyTimeoutMs = 30_000,
): Promise<ChildServer> {
  const args = typeof script === 'string' ? [script] : [...script];
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  return superviseServer(child, { name: args.join(' '), url, readyPath, readyTimeoutMs });
}

/**
 * A spawned server process as a ChildServer: waits until `url + readyPath` answers (any status) within
 * `readyTimeoutMs`, failing with its stderr when it exits or stays silent; `close` sends `stopSignal`, then SIGKILL
 * after 5 s.
 */
export async function superviseServer(
  child: ChildProcess,
  options: { name: string; url: string; readyPath?: string; readyTimeoutMs?: number; stopSignal?: NodeJS.Signals },
): Promise<ChildServer> {
  const { name, url, readyPath = '/', readyTimeoutMs = 30_000, stopSignal = 'SIGTERM' } = options;
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${stderr}`);
    try {
      await fetch(`${url}${readyPath}`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${name} did not answer on ${url} within ${readyTimeoutMs / 1000} s:\n${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    pid: child.pid!,
    async close() {
      if (child.exitCode === null) child.kill(stopSignal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
