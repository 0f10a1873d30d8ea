import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLI_ERROR_CODES, CliError, toCliError, toExitCode } from '../../../../cli/core/cli-error.ts';
import { OAUTH_CLIENT_ERROR_CODES, OAuthClientError, toOAuthErrorCode } from '../../../../runtime/oauth/oauth-client-error.ts';
import { requireSecureUrl } from '../../../../runtime/oauth/secure-url.ts';

const thrownBy = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
};

describe('what the user is told', () => {
  it('a bad or plain-http address from the OAuth core is a usage error (exit 2), as content/docs/cli.md says', () => {
    expect(toCliError(thrownBy(() => requireSecureUrl('http://warden.example', '--base-url')))).toMatchObject({
      code: 'ERR_INSECURE_URL',
      exitCode: 2,
      message: expect.stringMatching(/^--base-url http:\/\/warden\.example uses plain http/),
    });
    expect(toCliError(thrownBy(() => requireSecureUrl('warden.example', '--base-url')))).toMatchObject({
      code: 'ERR_BAD_URL',
      exitCode: 2,
    });
  });

  it('any other failure of the core exits 1 with its message and code; CliErrors pass as they are; the rest is internal', () => {
    expect(toCliError(new OAuthClientError('cannot reach https://w.example: connection refused', 'ERR_UNREACHABLE'))).toMatchObject({
      name: 'CliError',
      code: 'ERR_UNREACHABLE',
      exitCode: 1,
      message: 'cannot reach https://w.example: connection refused',
    });
    const own = new CliError('nope', 'ERR_USAGE');
    expect(toCliError(own)).toBe(own);
    expect(own.exitCode).toBe(2);
    expect(toCliError(new TypeError('x'))).toBeUndefined();
  });
});

/** The family of OAuth error responses, as the page names it: one row for every `ERR_OAUTH_<ERROR>`. */
const OAUTH_FAMILY = 'ERR_OAUTH_<ERROR>';

/** The text of a `## ` section of a markdown page, up to the next one. */
function toSection(page: string, heading: string): string {
  const start = page.indexOf(`\n## ${heading}\n`);
  if (start === -1) throw new Error(`no section ${heading}`);
  const end = page.indexOf('\n## ', start + 1);
  return page.slice(start, end === -1 ? undefined : end);
}

describe('the error codes on /docs/cli-errors', () => {
  const page = readFileSync('content/docs/cli-errors.md', 'utf8');
  const rows = [...toSection(page, 'Error codes').matchAll(/^\| `(ERR_[A-Z_]+(?:<ERROR>)?)` \| (\d) \|/gm)].map(
    (m) => [m[1]!, Number(m[2])] as const,
  );
  const listed = [...CLI_ERROR_CODES, ...OAUTH_CLIENT_ERROR_CODES];
  const codes: string[] = listed;

  it('each code is listed once: the CLI lists its own, the OAuth core its own', () => {
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('every code has one row in the Error codes table, with the exit code the CLI gives it', () => {
    const documented = new Map(rows);
    expect(rows.length).toBe(documented.size);
    const expected = new Map<string, number>([
      ...listed.map((code) => [code, toExitCode(code)] as const),
      [OAUTH_FAMILY, toExitCode(toOAuthErrorCode('access_denied'))],
    ]);
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(expected));
  });

  it('the page names no code that does not exist (a member of the OAuth family is one)', () => {
    const named = [...new Set(page.match(/ERR_[A-Z_]+(?:<ERROR>)?/g))];
    expect(named).toContain('ERR_OAUTH_ACCESS_DENIED');
    expect(named.filter((code) => code !== OAUTH_FAMILY && !codes.includes(code) && !/^ERR_OAUTH_[A-Z_]+$/.test(code))).toEqual([]);
  });
});
