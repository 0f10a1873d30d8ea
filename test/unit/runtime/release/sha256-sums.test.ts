import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requireSha256Sums, Sha256SumsError, toSha256Hex, toSha256Sums } from '../../../../runtime/release/sha256-sums.ts';
import { toLatestFolder, toVersionFolder } from '../../../../runtime/release/release-layout.ts';

// The release's SHA256SUMS rules as a pure function: what the release build writes, the site's pins read and
// `self update` reads, one parser for all three.

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

/** The Sha256SumsError that reading `text` throws. */
function errorOf(text: string): Sha256SumsError {
  try {
    requireSha256Sums(text);
  } catch (error) {
    if (error instanceof Sha256SumsError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('requireSha256Sums', () => {
  it('reads text-mode (two spaces) and binary-mode (space, *) lines, hashes lower-cased', () => {
    expect(requireSha256Sums(`${A}  warden-linux-x64.tar.gz\n${B.toUpperCase()} *warden-windows-x64.zip\n`)).toEqual(
      new Map([
        ['warden-linux-x64.tar.gz', A],
        ['warden-windows-x64.zip', B],
      ]),
    );
  });

  it('takes CRLF line ends as LF, and skips empty lines, the last line end included', () => {
    expect(requireSha256Sums(`\r\n${A}  a.tar.gz\r\n\n${B}  b.tar.gz`)).toEqual(
      new Map([
        ['a.tar.gz', A],
        ['b.tar.gz', B],
      ]),
    );
    expect(requireSha256Sums('')).toEqual(new Map());
  });

  it('keeps a name with spaces whole, as sha256sum writes it', () => {
    expect(requireSha256Sums(`${A}  a b.tar.gz\n`)).toEqual(new Map([['a b.tar.gz', A]]));
  });

  it('refuses a hash that is not 64 hex digits, naming the line', () => {
    const short = errorOf(`${A}  a.tar.gz\n${'a'.repeat(63)}  b.tar.gz\n`);
    expect(short.line).toBe(2);
    expect(short.message).toBe('line 2 is not "<sha256>  <file>" (or "<sha256> *<file>"): the hash is not 64 hex digits');
    expect(errorOf(`${'g'.repeat(64)}  a.tar.gz\n`).message).toMatch(/^line 1 .*the hash is not 64 hex digits$/);
    expect(errorOf('not a checksum line\n').line).toBe(1);
  });

  it('refuses a line with no name, or the wrong separator', () => {
    expect(errorOf(`${A}  \n`).message).toMatch(/^line 1 .*: no name after the hash$/);
    expect(errorOf(`${A}\n`).line).toBe(1);
    for (const line of [`${A} a.tar.gz`, `${A}\ta.tar.gz`, `${A} -a.tar.gz`])
      expect(errorOf(`${line}\n`).message).toMatch(/^line 1 .*: the hash is not followed by two spaces, or a space and \*$/);
  });

  it('refuses a whitespace-only line, BSD tagged lines and backslash-escaped names', () => {
    expect(errorOf(`${A}  a.tar.gz\n   \n`).line).toBe(2);
    expect(errorOf(`SHA256 (a.tar.gz) = ${A}\n`).line).toBe(1);
    expect(errorOf(`\\${A}  a\\\\b.tar.gz\n`).message).toMatch(/escaped names are not used in a release$/);
  });

  it('refuses a name listed twice, even with the same hash or in the other mode', () => {
    const twice = errorOf(`${A}  a.tar.gz\n${B}  b.tar.gz\n${A} *a.tar.gz\n`);
    expect(twice.line).toBe(3);
    expect(twice.message).toBe('line 3 lists a.tar.gz again (line 1 listed it first)');
  });
});

describe('toSha256Sums and toSha256Hex', () => {
  const dir = mkdtempSync(join(tmpdir(), 'warden-sums-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes text mode sorted by name, which sha256sum --check accepts and requireSha256Sums reads back', () => {
    writeFileSync(join(dir, 'b.tar.gz'), 'bee');
    writeFileSync(join(dir, 'a b.zip'), 'ay');
    const sums = { 'b.tar.gz': toSha256Hex('bee'), 'a b.zip': toSha256Hex(Buffer.from('ay')) };
    const text = toSha256Sums(sums);
    expect(text).toBe(`${sums['a b.zip']}  a b.zip\n${sums['b.tar.gz']}  b.tar.gz\n`);
    writeFileSync(join(dir, 'SHA256SUMS'), text);
    expect(execFileSync('sha256sum', ['--check', '--strict', 'SHA256SUMS'], { cwd: dir, encoding: 'utf8' })).toBe(
      'a b.zip: OK\nb.tar.gz: OK\n',
    );
    expect(Object.fromEntries(requireSha256Sums(text))).toEqual(sums);
  });

  it('hashes as sha256sum does', () => {
    writeFileSync(join(dir, 'b.tar.gz'), 'bee');
    expect(toSha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(execFileSync('sha256sum', ['b.tar.gz'], { cwd: dir, encoding: 'utf8' })).toBe(`${toSha256Hex('bee')}  b.tar.gz\n`);
  });

  it('refuses to write what it could not read back', () => {
    expect(() => toSha256Sums({ 'a.tar.gz': 'abc' })).toThrow(Sha256SumsError);
    expect(() => toSha256Sums({ 'a\nb.tar.gz': A })).toThrow(Sha256SumsError);
  });
});

describe('the release layout', () => {
  it('puts each version under download/v<version>/ and the newest under latest/download/, of a path or a URL', () => {
    expect(toVersionFolder('/srv/release', '1.2.3')).toBe('/srv/release/download/v1.2.3');
    expect(toVersionFolder('https://r.example/cli/', '1.2.3')).toBe('https://r.example/cli/download/v1.2.3');
    expect(toLatestFolder('https://r.example/cli/')).toBe('https://r.example/cli/latest/download');
    expect(toLatestFolder('release')).toBe('release/latest/download');
  });
});
