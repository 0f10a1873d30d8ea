import { spawn, type ChildProcess } from 'node:child_process';

/** A running `warden login`, its output so far, and a way to wait for a line of it. */
export interface LoginProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in stderr (waiting for it to be printed). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exit: Promise<number | null>;
}

/** Starts `warden login …` with stdin kept open (a person at the terminal who has not typed anything yet). */
export function spawnLogin(command: string, args: string[], env: Record<string, string>): LoginProcess {
  const child = spawn(command, ['login', ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exit = new Promise<number | null>((done) => child.on('close', done));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exit,
    waitFor: (pattern, timeoutMs = 20_000) =>
      new Promise((done, fail) => {
        const started = Date.now();
        const check = () => {
          const match = err.match(pattern);
          if (match) return done(match);
          if (Date.now() - started > timeoutMs || child.exitCode !== null) return fail(new Error(`no ${pattern} in: ${err}`));
          setTimeout(check, 50);
        };
        check();
      }),
  };
}
