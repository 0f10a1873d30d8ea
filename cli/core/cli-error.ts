import { isOAuthClientError, type OAuthClientErrorCode } from '../../runtime/oauth/oauth-client-error.ts';

/** Exit codes of every command (documented in content/docs/cli.md). */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/**
 * The codes of the CLI's own failures, besides the OAuth core's (runtime/oauth/oauth-client-error.ts), which it
 * reports as they are and also throws for the same failures of its own; content/docs/cli-errors.md documents each.
 */
export const CLI_ERROR_CODES = [
  'ERR_USAGE',
  'ERR_NO_AGENT',
  'ERR_CONFIG_SYNTAX',
  'ERR_CONFIG_WRITE',
  'ERR_SKILL_DIGEST',
  'ERR_TIMEOUT',
  'ERR_STATE_MISMATCH',
  'ERR_NO_CODE',
  'ERR_DEVICE_EXPIRED',
  'ERR_NO_REFRESH_TOKEN',
  'ERR_NO_CREDENTIAL',
  'ERR_LOGIN_EXPIRED',
  'ERR_NOT_LOGGED_IN',
  'ERR_REVOKE',
  'ERR_LOCKED',
  'ERR_LOOSE_PERMISSIONS',
  'ERR_BAD_CREDENTIALS',
  'ERR_NOT_BINARY',
  'ERR_DOWNLOAD',
  'ERR_BAD_SIGNATURE',
  'ERR_BAD_CHECKSUM',
  'ERR_CHECKSUM_MISMATCH',
  'ERR_UNPACK',
  'ERR_NOT_WRITABLE',
  'ERR_BAD_BINARY',
] as const;

/** Every code a failure reported by the CLI carries: its own, or the OAuth core's. */
export type CliErrorCode = (typeof CLI_ERROR_CODES)[number] | OAuthClientErrorCode;

/** The usage errors: bad flags or arguments, and a malformed or plain-http address given or published (content/docs/cli.md, Exit codes). */
const USAGE_CODES: ReadonlySet<CliErrorCode> = new Set<CliErrorCode>(['ERR_USAGE', 'ERR_BAD_URL', 'ERR_INSECURE_URL']);

/** The exit code of a failure with this code: 2 for a usage error, else 1. */
export function toExitCode(code: CliErrorCode): number {
  return USAGE_CODES.has(code) ? EXIT.usage : EXIT.failure;
}

/**
 * A failure the user can act on: a one-line message, a stable code (`ERR_…`, like jose's) and the exit code
 * that code maps to. Anything else that reaches the entry point is reported as an internal error, still on one line.
 */
export class CliError extends Error {
  override name = 'CliError';
  readonly code: CliErrorCode;
  readonly exitCode: number;
  constructor(message: string, code: CliErrorCode) {
    super(message);
    this.code = code;
    this.exitCode = toExitCode(code);
  }
}

/** Bad flags or arguments: exit code 2. */
export function usageError(message: string): CliError {
  return new CliError(message, 'ERR_USAGE');
}

/**
 * The failure the user is told about, or undefined for an internal error: a CliError as it is, or a runtime
 * OAuthClientError (runtime/oauth) with its message and code. By name, not `instanceof`: the binary loads the
 * cores as a separate script (cli/load-cores.ts), whose classes are other class objects than the entry script's.
 */
export function toCliError(error: unknown): CliError | undefined {
  if (error instanceof Error && error.name === 'CliError' && typeof (error as CliError).exitCode === 'number') return error as CliError;
  if (!isOAuthClientError(error)) return undefined;
  return Object.assign(new CliError(error.message, error.code), { cause: error });
}
