import { spawn, type ChildProcess } from 'node:child_process';
import { watchOutput } from '../child-output.ts';

/** A running `warden login`, its output so far, and a way to wait for a line of it. */
export interface LoginProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in stderr, as soon as it is printed; rejects if the login ends first. */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  exit: Promise<number | null>;
}

/** Starts `warden login …` with stdin kept open (a person at the terminal who has not typed anything yet). */
export function spawnLogin(command: string, args: string[], env: Record<string, string>): LoginProcess {
  const child = spawn(command, ['login', ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const output = watchOutput(child);
  const exit = new Promise<number | null>((done) => child.on('close', done));
  return {
    child,
    stdout: output.stdout,
    stderr: output.stderr,
    exit,
    waitFor: async (pattern) => {
      await output.until(() => output.stderr().match(pattern) !== null, `${pattern} on the login's stderr`);
      return output.stderr().match(pattern)!;
    },
  };
}
