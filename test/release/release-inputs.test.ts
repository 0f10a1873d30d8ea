import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRelease, getCurrentRelease, type ReleaseOptions } from '../../cli/build/build-release.ts';
import { toBuildDefaults } from '../../cli/to-build-defaults.ts';
import { toVersionFolder } from '../../runtime/release/release-layout.ts';
import type { ReleaseManifest } from '../../runtime/release/release-manifest.ts';
import { HOST_TARGET, TEST_SIGNING_KEY, TEST_SITE } from '../helpers/cli/warden-binary.ts';

// A release is current while the files Bun bundled into it are unchanged, whichever folder they are in: the release
// build records them from Bun's metafile and hashes exactly those again. Shown on a copy of the project (its files,
// node_modules linked), released for this machine's target alone, with real edits to its files.

const work = mkdtempSync(join(tmpdir(), 'warden-release-inputs-'));
const root = join(work, 'project');
const log: string[] = [];
const options: ReleaseOptions = {
  root,
  outDir: join(work, 'release'),
  defaults: toBuildDefaults(TEST_SITE),
  targets: [HOST_TARGET],
  signingKey: TEST_SIGNING_KEY,
  log: (line) => log.push(line),
};
/** A bundled file under runtime/ (not cli/), and a message of it that the binary carries. */
const BUNDLED = 'runtime/release/sha256-sums.ts';
const MESSAGE = 'the hash is not 64 hex digits';
let first: ReleaseManifest;

/** The binary in the release's archive for this machine, unpacked in memory. */
const binaryOf = (manifest: ReleaseManifest): Buffer =>
  gunzipSync(readFileSync(join(toVersionFolder(options.outDir, manifest.version), manifest.built[HOST_TARGET]!.archive)));

beforeAll(async () => {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { encoding: 'utf8' });
  for (const file of files.split('\0').filter(Boolean)) {
    mkdirSync(join(root, dirname(file)), { recursive: true });
    cpSync(file, join(root, file));
  }
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'));
  first = await buildRelease(options);
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the release records what it was made from', () => {
  it("lists the project files Bun bundled, runtime/ and facts/ ones too, and the release build's own, and no dependency", () => {
    expect(first.sources).toEqual(
      expect.arrayContaining(['cli/bin.ts', BUNDLED, 'runtime/oauth/token-endpoint.ts', 'runtime/mcp/mcp-error.ts', 'facts/paths.ts']),
    );
    expect(first.sources).toEqual(expect.arrayContaining(['cli/build/compile-binary.ts', 'cli/build/write-archive.ts']));
    expect(first.sources.filter((s) => s.includes('node_modules') || s.startsWith('..'))).toEqual([]);
    expect(first.sources).toEqual([...first.sources].sort());
    // Neither the edge's nor the build's code is in the binary.
    expect(first.sources).not.toContain('runtime/node/source-hash.ts');
    expect(first.sources).not.toContain('cli/dev.ts');
    expect(binaryOf(first).includes(MESSAGE)).toBe(true);
  });
});

describe('whether a release is current', () => {
  it('an edit to a file the binary does not bundle leaves it current: the next build reuses it', async () => {
    for (const file of ['runtime/node/source-hash.ts', 'cli/dev.ts', 'README.md']) appendFileSync(join(root, file), '\n// edited\n');
    expect(getCurrentRelease(options)).toEqual(first);
    log.length = 0;
    expect(await buildRelease(options)).toEqual(first);
    expect(log).toEqual([]);
  });

  it('an edit to a bundled file under runtime/ makes it stale, and the next build carries the edit', async () => {
    const file = join(root, BUNDLED);
    writeFileSync(file, readFileSync(file, 'utf8').replace(MESSAGE, 'the hash is not sixty-four hex digits'));
    expect(getCurrentRelease(options)).toBeUndefined();
    log.length = 0;
    const second = await buildRelease(options);
    expect(log).toEqual([`building ${HOST_TARGET} (${first.runtime})`]);
    expect(second.inputs).not.toBe(first.inputs);
    expect(second.built[HOST_TARGET]!.sha256).not.toBe(first.built[HOST_TARGET]!.sha256);
    const binary = binaryOf(second);
    expect(binary.includes('the hash is not sixty-four hex digits')).toBe(true);
    expect(binary.includes(MESSAGE)).toBe(false);
    expect(getCurrentRelease(options)).toEqual(second);
  }, 300_000);
});
