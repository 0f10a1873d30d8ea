import type { ChildProcess } from 'node:child_process';

/** What a child process has written to stdout and stderr so far, and a wait for what it will write. */
export interface ChildOutput {
  /** stdout and stderr as they arrived, interleaved. */
  text(): string;
  /** Only stdout. */
  stdout(): string;
  /** Only stderr. */
  stderr(): string;
  /**
   * Resolves as soon as the output meets `test`, checked on every chunk as it arrives (not polled); rejects, with the
   * output's end, if the process closes its output first. `what` names what was awaited, for that message.
   */
  until(test: (text: string) => boolean, what: string): Promise<void>;
}

/** Starts recording a child's output (its stdout and stderr must be pipes). */
export function watchOutput(child: ChildProcess): ChildOutput {
  let text = '';
  let stdout = '';
  let stderr = '';
  let closed = false;
  const listeners = new Set<() => void>();
  const tell = () => {
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', (chunk) => {
    stdout += chunk;
    text += chunk;
    tell();
  });
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
    text += chunk;
    tell();
  });
  child.once('close', () => {
    closed = true;
    tell();
  });
  return {
    text: () => text,
    stdout: () => stdout,
    stderr: () => stderr,
    until: (test, what) =>
      new Promise<void>((done, fail) => {
        const check = () => {
          if (!test(text) && !closed) return;
          listeners.delete(check);
          if (test(text)) done();
          else fail(new Error(`${what}: the process ended first (${child.exitCode ?? child.signalCode}):\n${text.slice(-2000)}`));
        };
        listeners.add(check);
        check();
      }),
  };
}
