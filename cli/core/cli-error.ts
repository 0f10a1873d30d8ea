/** Exit codes of every command (documented in content/docs/cli.md). */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/**
 * A failure the user can act on: a one-line message, a stable code (`ERR_…`, like jose's) and an exit code.
 * Anything else that reaches the entry point is reported as an internal error, still on one line.
 */
export class CliError extends Error {
  override name = 'CliError';
  readonly code: string;
  readonly exitCode: number;
  constructor(message: string, code: string, exitCode: number = EXIT.failure) {
    super(message);
    this.code = code;
    this.exitCode = exitCode;
  }
}

/** Bad flags or arguments: exit code 2. */
export function usageError(message: string): CliError {
  return new CliError(message, 'ERR_USAGE', EXIT.usage);
}

/**
 * Whether `error` is a CliError. By name, not `instanceof`: the binary loads the cores as a separate script
 * (cli/load-cores.ts), whose CliError is another class object than the entry script's.
 */
export function isCliError(error: unknown): error is CliError {
  return error instanceof Error && error.name === 'CliError' && typeof (error as CliError).exitCode === 'number';
}
