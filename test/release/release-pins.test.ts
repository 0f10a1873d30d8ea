import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readReleaseManifest } from '../../runtime/release/release-manifest.ts';
import { getContentDir, readContent } from '../../content-model/read-content.ts';
import { readReleasePins } from '../../content-model/read-release-pins.ts';
import { MANIFEST_FILE, SUMS_FILE, SUMS_SIGNATURE_FILE, toVersionFolder } from '../../runtime/release/release-layout.ts';
import { toSha256Hex } from '../../runtime/release/sha256-sums.ts';
import { toReleaseNamespace } from '../../runtime/release/ssh-signature.ts';
import { TEST_RELEASE_DIR, TEST_RELEASE_ENV, TEST_SIGNING_KEY } from '../helpers/cli/warden-binary.ts';
import { loadAstroConfig } from '../helpers/astro-config.ts';

// What a site build pins from a release folder (RELEASE_DIR): the real test release, built by the test set-up with the
// real release build, and copies of it broken the ways an operator could get wrong.

const work = mkdtempSync(join(tmpdir(), 'warden-pins-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const { site } = readContent(getContentDir(), { BASE_URL: 'https://warden.example', RELEASE_PUBLIC_KEY: TEST_SIGNING_KEY.publicKeyLine });
const manifest = readReleaseManifest(TEST_RELEASE_DIR);
const pinnedFolder = (dir: string) => toVersionFolder(dir, manifest.version);

/** A copy of the test release, changed by `edit`. */
function brokenRelease(edit: (dir: string) => void): string {
  const dir = mkdtempSync(join(work, 'release-'));
  cpSync(join(TEST_RELEASE_DIR, MANIFEST_FILE), join(dir, MANIFEST_FILE));
  cpSync(join(TEST_RELEASE_DIR, 'download'), join(dir, 'download'), {
    recursive: true,
    filter: (f) => !f.endsWith('.tar.gz') && !f.endsWith('.zip'),
  });
  edit(dir);
  return dir;
}
const pins = (dir: string) => () => readReleasePins(site, { RELEASE_DIR: dir });

describe('the pins of a release folder', () => {
  it('are the SHA-256 of every archive of cli.targets, as its signed SHA256SUMS lists them, and the version', () => {
    const read = readReleasePins(site, { RELEASE_DIR: TEST_RELEASE_DIR })!;
    const sums = readFileSync(join(pinnedFolder(TEST_RELEASE_DIR), SUMS_FILE));
    expect(read.version).toBe(manifest.version);
    expect(Object.keys(read.archives).sort()).toEqual(
      Object.values(manifest.built)
        .map((b) => b.archive)
        .sort(),
    );
    expect(Object.keys(read.archives)).toHaveLength(site.cli.targets.length);
    for (const built of Object.values(manifest.built)) expect(read.archives[built.archive]).toBe(built.sha256);
    expect(read.sums).toBe(toSha256Hex(sums));
  });

  it('are none without RELEASE_DIR, or with it empty', () => {
    expect(readReleasePins(site, {})).toBeUndefined();
    expect(readReleasePins(site, { RELEASE_DIR: '' })).toBeUndefined();
  });

  it('come with the content: readContent reads RELEASE_DIR, and the build facts record the sums', () => {
    const content = readContent(getContentDir(), { BASE_URL: 'https://warden.example', ...TEST_RELEASE_ENV });
    expect(content.release).toEqual(readReleasePins(site, { RELEASE_DIR: TEST_RELEASE_DIR }));
  });
});

describe('a folder that is not a release the installers can pin fails, naming RELEASE_DIR', () => {
  it('no folder there, or no release.json in it', () => {
    expect(pins(join(work, 'nowhere'))).toThrow(
      /environment \(RELEASE_DIR\)[\s\S]*RELEASE_DIR: .*nowhere\/release\.json: cannot read the release manifest \(ENOENT\)/,
    );
    const noManifest = brokenRelease((d) => rmSync(join(d, 'release.json')));
    expect(pins(noManifest)).toThrow(/RELEASE_DIR: .*release\.json: cannot read the release manifest/);
    // The one schema every reader parses with (runtime/release/release-manifest.ts): the error names the field.
    const badManifest = brokenRelease((d) => writeFileSync(join(d, MANIFEST_FILE), JSON.stringify({ ...manifest, version: '1.0/../x' })));
    expect(pins(badManifest)).toThrow(/RELEASE_DIR: .*release\.json: version: not a version a release folder can name/);
  });

  it('no signature, or one by another key than the installers carry', () => {
    const unsigned = brokenRelease((d) => rmSync(join(pinnedFolder(d), SUMS_SIGNATURE_FILE)));
    expect(pins(unsigned)).toThrow(/RELEASE_DIR: .*SHA256SUMS\.sig: cannot read the signature of SHA256SUMS/);
    // The same release, pinned by a site whose installers carry the content's own key.
    const { site: production } = readContent(getContentDir(), { BASE_URL: 'https://warden.example' });
    expect(() => readReleasePins(production, { RELEASE_DIR: TEST_RELEASE_DIR })).toThrow(
      /RELEASE_DIR: .*SHA256SUMS\.sig does not verify with cli\.release_signing_key \(or RELEASE_PUBLIC_KEY\): this release was signed by another key/,
    );
  });

  it('a malformed SHA256SUMS, or one listing no archive of cli.targets (each signed, so only the shape is wrong)', () => {
    const resign = (d: string, text: string) => {
      writeFileSync(join(pinnedFolder(d), SUMS_FILE), text);
      writeFileSync(
        join(pinnedFolder(d), SUMS_SIGNATURE_FILE),
        TEST_SIGNING_KEY.sign(Buffer.from(text), toReleaseNamespace(site.cli.binary)),
      );
    };
    const malformed = brokenRelease((d) => resign(d, `${'a'.repeat(64)}  warden-linux-x64.tar.gz\nnot a checksum line\n`));
    expect(pins(malformed)).toThrow(/RELEASE_DIR: .*SHA256SUMS line 2 is not "<sha256> {2}<file>"/);
    // The one parser's rules (runtime/release/sha256-sums.ts), the same that `self update` reads with.
    const twice = brokenRelease((d) =>
      resign(d, `${'a'.repeat(64)}  warden-linux-x64.tar.gz\n${'b'.repeat(64)} *warden-linux-x64.tar.gz\n`),
    );
    expect(pins(twice)).toThrow(/RELEASE_DIR: .*SHA256SUMS line 2 lists warden-linux-x64\.tar\.gz again \(line 1 listed it first\)/);
    const none = brokenRelease((d) => resign(d, `${'a'.repeat(64)}  warden-plan9-mips.tar.gz\n`));
    expect(pins(none)).toThrow(/RELEASE_DIR: .*SHA256SUMS lists no archive of cli\.targets \(darwin-arm64, /);
  });

  it('the build stops on it before Astro starts, naming the variable: astro.config.mjs pins the release when it loads', async () => {
    const { error } = await loadAstroConfig({ RELEASE_DIR: join(work, 'nowhere') });
    expect(String(error)).toMatch(/RELEASE_DIR: .*nowhere\/release\.json: cannot read the release manifest/);
    const { config, error: none } = await loadAstroConfig({ ...TEST_RELEASE_ENV });
    expect(none).toBeUndefined();
    expect(config?.integrations.length).toBeGreaterThan(1);
  });
});
