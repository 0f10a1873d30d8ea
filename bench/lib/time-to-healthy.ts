import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { getCpuSeconds, getRssMiB } from '../../harness/process-stats.ts';

/** One start of a server: wall time to its first 200, the CPU its processes had used by then, its RSS after. */
export interface StartTiming {
  ms: number;
  cpuMs: number;
  rss: number;
}

/**
 * Milliseconds from spawning a command to its first 200 from `url`, polled every 5 ms, within 30 s; the CPU time of
 * the process and its descendants at that moment, and the largest RSS among them 0.5 s later (the process that
 * answers is npm's child when the command is npm). The command runs in its own process group, stopped whole: `npm
 * run` does not pass SIGTERM on.
 */
export async function timeToHealthy(
  command: readonly string[],
  env: Record<string, string>,
  url: string,
  cwd?: string,
): Promise<StartTiming> {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), { cwd, env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited (${child.exitCode})`);
      if (performance.now() - started > 30_000) throw new Error(`${command.join(' ')} did not answer ${url} within 30 s`);
      const ok = await fetch(url, { signal: AbortSignal.timeout(500) }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    const ms = performance.now() - started;
    const cpuMs = sum(toTree(child.pid!).map((pid) => getCpuSeconds(pid) * 1000));
    await new Promise((r) => setTimeout(r, 500));
    return {
      ms,
      cpuMs,
      rss: Math.max(
        ...toTree(child.pid!)
          .map((pid) => getRssMiB(pid))
          .filter((n) => Number.isFinite(n)),
      ),
    };
  } finally {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
    // The group's last member may outlive its leader by a moment: wait until the port is free again.
    for (
      let i = 0;
      i < 100 &&
      (await fetch(url, { signal: AbortSignal.timeout(200) }).then(
        () => true,
        () => false,
      ));
      i++
    )
      await new Promise((r) => setTimeout(r, 20));
  }
}

const sum = (values: number[]) => values.filter((n) => Number.isFinite(n)).reduce((a, b) => a + b, 0);

/** A process and every descendant (Linux /proc/<pid>/task/<pid>/children). */
function toTree(pid: number): number[] {
  try {
    const direct = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return [pid, ...direct.flatMap((child) => toTree(child))];
  } catch {
    return [pid];
  }
}
