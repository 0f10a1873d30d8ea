import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readReleaseManifest } from '../../runtime/release/release-manifest.ts';
import { writeArchive } from '../../cli/build/write-archive.ts';
import { LATEST_PATH, SUMS_FILE, SUMS_SIGNATURE_FILE, toVersionPath } from '../../runtime/release/release-layout.ts';
import { toSha256Sums } from '../../runtime/release/sha256-sums.ts';
import { BINARY, freshHome, getWardenBinary, HOST_TARGET, run, TEST_RELEASE_DIR, TEST_SITE } from '../helpers/cli/warden-binary.ts';

// The release folder the global setup built with the real build (the one `npm run release` and `npm start` use).
const version = TEST_SITE.product.version;
const work = mkdtempSync(join(tmpdir(), 'warden-release-test-'));
const home = freshHome();
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  home.remove();
});

describe('the release folder', () => {
  it('has the installer layout: the archive, SHA256SUMS and its signature under download/v<version>/ and latest/download/', () => {
    for (const folder of [toVersionPath(version), LATEST_PATH]) {
      const dir = join(TEST_RELEASE_DIR, folder);
      const archives = Object.values(readReleaseManifest(TEST_RELEASE_DIR).built)
        .map((b) => b.archive)
        .sort();
      expect(readdirSync(dir).sort()).toEqual([SUMS_FILE, SUMS_SIGNATURE_FILE, ...archives].sort());
      expect(execFileSync('sha256sum', ['--check', SUMS_FILE], { cwd: dir, encoding: 'utf8' })).toBe(
        archives.map((a) => `${a}: OK\n`).join(''),
      );
    }
    expect(readReleaseManifest(TEST_RELEASE_DIR)).toMatchObject({ version, built: { [HOST_TARGET]: { bytes: expect.any(Number) } } });
  });

  it('each archive holds exactly the binary, at its root, executable', () => {
    const listing = execFileSync('tar', ['-tvzf', join(TEST_RELEASE_DIR, 'latest', 'download', `${BINARY}-${HOST_TARGET}.tar.gz`)], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n');
    expect(listing).toHaveLength(1);
    expect(listing[0]).toMatch(new RegExp(`^-rwxr-xr-x 0/0 .* ${BINARY}$`));
  });

  it('archives are reproducible: the same binary gives the same SHA-256', async () => {
    // A small stand-in binary: compressing the real one takes seconds, and the property does not depend on size.
    const file = join(work, BINARY);
    writeFileSync(file, readFileSync(getWardenBinary()).subarray(0, 65_536), { mode: 0o755 });
    const [a, b] = [await writeArchive(file, join(work, 'a.tar.gz')), await writeArchive(file, join(work, 'b.tar.gz'))];
    expect(a).toBe(b);
    expect(toSha256Sums({ 'b.tar.gz': b, 'a.tar.gz': a })).toBe(`${a}  a.tar.gz\n${b}  b.tar.gz\n`);
    expect(readFileSync(join(work, 'a.tar.gz')).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });
});

describe("the binary's help and exit codes", () => {
  const warden = getWardenBinary();
  it('--help on every command exits 0 and shows its usage on stdout', async () => {
    for (const args of [
      [],
      ['login'],
      ['logout'],
      ['auth'],
      ['auth', 'status'],
      ['auth', 'token'],
      ['admin'],
      ['admin', 'register'],
      ['mcp'],
      ['self'],
      ['self', 'update'],
    ]) {
      const result = await run(warden, [...args, '--help'], { env: home.env });
      expect(result.code, args.join(' ')).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^Usage: ${BINARY}${args.length ? ` ${args.join(' ')}` : ''} `));
    }
    expect((await run(warden, ['--help'], { env: home.env })).stdout).toContain('Exit codes: 0 success, 1 failure, 2 usage error.');
  });

  it('no arguments prints the help on stdout and exits 2', async () => {
    const result = await run(warden, [], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/^Usage: warden /);
  });
});
