import { describe, expect, it } from 'vitest';
import { CliError, toCliError } from '../../../../cli/core/cli-error.ts';
import { OAuthClientError } from '../../../../runtime/oauth/oauth-client-error.ts';
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
    const own = new CliError('nope', 'ERR_X', 2);
    expect(toCliError(own)).toBe(own);
    expect(toCliError(new TypeError('x'))).toBeUndefined();
  });
});
