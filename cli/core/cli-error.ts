import { isOAuthClientError } from '../../runtime/oauth/oauth-client-error.ts';

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

/** A runtime OAuth client failure whose cause is an address given or published: a malformed or plain-http one (content/docs/cli.md, Exit codes). */
const USAGE_CODES = new Set(['ERR_BAD_URL', 'ERR_INSECURE_URL']);

/**
 * The failure the user is told about, or undefined for an internal error: a CliError as it is, or a runtime
 * OAuthClientError (runtime/oauth) with its message and code. By name, not `instanceof`: the binary loads the
 * cores as a separate script (cli/load-cores.ts), whose classes are other class objects than the entry script's.
 */
export function toCliError(error: unknown): CliError | undefined {
  if (error instanceof Error && error.name === 'CliError' && typeof (error as CliError).exitCode === 'number') return error as CliError;
  if (!isOAuthClientError(error)) return undefined;
  return Object.assign(new CliError(error.message, error.code, USAGE_CODES.has(error.code) ? EXIT.usage : EXIT.failure), { cause: error });
}
