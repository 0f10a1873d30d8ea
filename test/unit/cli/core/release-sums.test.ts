import { describe, expect, it } from 'vitest';
import { toBrowserOpener } from '../../../../cli/factory.ts';
import { toExpectedSum, toReleaseFolder, toTarget } from '../../../../cli/core/release-sums.ts';

const A = 'a'.repeat(64);

describe('release sums, as the installer reads them', () => {
  it('finds the entry in text or binary mode, lower-cased', () => {
    expect(
      toExpectedSum(`${'0'.repeat(64)}  other.tar.gz\n${A.toUpperCase()}  warden-linux-x64.tar.gz\n`, 'warden-linux-x64.tar.gz', 'S'),
    ).toBe(A);
    expect(toExpectedSum(`${A} *warden-linux-x64.tar.gz\n`, 'warden-linux-x64.tar.gz', 'S')).toBe(A);
  });

  it('refuses a missing or malformed entry', () => {
    expect(() => toExpectedSum(`${A}  other.tar.gz\n`, 'warden-linux-x64.tar.gz', 'S')).toThrow(
      'no checksum for warden-linux-x64.tar.gz in S: refusing to update',
    );
    expect(() => toExpectedSum('abc  warden-linux-x64.tar.gz\n', 'warden-linux-x64.tar.gz', 'S')).toThrow(
      'malformed checksums in S: line 1 is not "<sha256>  <file>" (or "<sha256> *<file>"): the hash is not 64 hex digits: refusing to update',
    );
  });

  it('reads strictly, as the site build does: a malformed line elsewhere, or a name listed twice, is a refusal too', () => {
    const refusal = (text: string) => {
      try {
        toExpectedSum(text, 'warden-linux-x64.tar.gz', 'S');
      } catch (error) {
        return { code: (error as { code?: string }).code, message: (error as Error).message };
      }
      return undefined;
    };
    expect(refusal(`${A}  warden-linux-x64.tar.gz\nnot a checksum line\n`)).toEqual({
      code: 'ERR_BAD_CHECKSUM',
      message: expect.stringMatching(/^malformed checksums in S: line 2 is not .*: refusing to update$/),
    });
    expect(refusal(`${A}  warden-linux-x64.tar.gz\n${'b'.repeat(64)} *warden-linux-x64.tar.gz\n`)).toEqual({
      code: 'ERR_BAD_CHECKSUM',
      message: 'malformed checksums in S: line 2 lists warden-linux-x64.tar.gz again (line 1 listed it first): refusing to update',
    });
    expect(toExpectedSum(`${A}  warden-linux-x64.tar.gz\r\n\r\n`, 'warden-linux-x64.tar.gz', 'S')).toBe(A);
  });

  it('names the latest or a pinned folder, and refuses a version with odd characters', () => {
    expect(toReleaseFolder('https://r.example/cli/', undefined)).toBe('https://r.example/cli/latest/download');
    expect(toReleaseFolder('https://r.example/cli', 'v1.2.3')).toBe('https://r.example/cli/download/v1.2.3');
    expect(() => toReleaseFolder('https://r.example/cli', '1.2;rm')).toThrow(/invalid version/);
  });

  it('maps this machine to a published target or none', () => {
    const targets = ['linux-x64', 'darwin-arm64'];
    expect([
      toTarget('linux', 'x64', targets),
      toTarget('darwin', 'arm64', targets),
      toTarget('linux', 'arm64', targets),
      toTarget('win32', 'x64', targets),
    ]).toEqual(['linux-x64', 'darwin-arm64', undefined, undefined]);
    const all = ['darwin-arm64', 'darwin-x64', 'linux-x64', 'linux-arm64', 'linux-x64-musl', 'windows-x64'];
    expect([
      toTarget('win32', 'x64', all),
      toTarget('linux', 'x64', all, { musl: true }),
      toTarget('linux', 'arm64', all, { musl: true }),
      toTarget('darwin', 'x64', all, { musl: true }),
    ]).toEqual(['windows-x64', 'linux-x64-musl', undefined, 'darwin-x64']);
  });

  it('takes the -baseline build on x64 without AVX2, and none when it is not published', () => {
    const all = ['darwin-x64', 'darwin-x64-baseline', 'linux-x64', 'linux-x64-baseline', 'linux-x64-musl-baseline', 'linux-arm64'];
    expect([
      toTarget('linux', 'x64', all, { avx2: false }),
      toTarget('linux', 'x64', all, { avx2: false, musl: true }),
      toTarget('darwin', 'x64', all, { avx2: false }),
      toTarget('linux', 'x64', all, { avx2: true }),
      toTarget('linux', 'x64', all, {}),
      toTarget('linux', 'arm64', all, { avx2: false }),
      toTarget('win32', 'x64', all, { avx2: false }),
      toTarget('linux', 'x64', all, { avx2: true, musl: true }),
    ]).toEqual([
      'linux-x64-baseline',
      'linux-x64-musl-baseline',
      'darwin-x64-baseline',
      'linux-x64',
      'linux-x64',
      'linux-arm64',
      undefined,
      undefined,
    ]);
  });

  it('opens a URL with the system handler: open on macOS, rundll32 (one argument, no cmd parsing of &) on Windows, xdg-open in a desktop session', () => {
    expect(toBrowserOpener('darwin', {})).toEqual(['open']);
    expect(toBrowserOpener('win32', {})).toEqual(['rundll32', 'url.dll,FileProtocolHandler']);
    expect(toBrowserOpener('linux', { DISPLAY: ':0' })).toEqual(['xdg-open']);
    expect(toBrowserOpener('linux', {})).toBeUndefined();
  });
});
