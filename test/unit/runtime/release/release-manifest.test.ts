import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MANIFEST_FILE } from '../../../../runtime/release/release-layout.ts';
import {
  type ReleaseManifest,
  ReleaseManifestError,
  readReleaseManifest,
  toReleaseManifestText,
} from '../../../../runtime/release/release-manifest.ts';

// The one schema of a release folder's release.json, which the release build, `npm start`'s release step, the site's
// pins and the tests read with: a file that breaks it fails naming the file and the field.

const work = mkdtempSync(join(tmpdir(), 'warden-manifest-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const MANIFEST: ReleaseManifest = {
  version: '1.2.3-rc.1',
  inputs: 'a'.repeat(64),
  runtime: 'bun 1.0.0',
  sources: ['cli/bin.ts', 'runtime/release/release-layout.ts'],
  built: {
    'linux-x64': { archive: 'warden-linux-x64.tar.gz', sha256: 'b'.repeat(64), bytes: 10, binaryBytes: 20 },
    'darwin-arm64': { archive: 'warden-darwin-arm64.tar.gz', sha256: 'c'.repeat(64), bytes: 10, binaryBytes: 20, resigned: true },
  },
};

/** A release folder holding `text` as its manifest; returns the folder. */
function folderWith(text: string): string {
  const dir = mkdtempSync(join(work, 'release-'));
  writeFileSync(join(dir, MANIFEST_FILE), text);
  return dir;
}

/** The ReleaseManifestError that reading `dir` throws. */
function errorOf(dir: string): ReleaseManifestError {
  try {
    readReleaseManifest(dir);
  } catch (error) {
    if (error instanceof ReleaseManifestError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('readReleaseManifest', () => {
  it('reads back what the release build writes, targets in the order written', () => {
    const dir = folderWith(toReleaseManifestText(MANIFEST));
    expect(readReleaseManifest(dir)).toEqual(MANIFEST);
    expect(Object.keys(readReleaseManifest(dir).built)).toEqual(['linux-x64', 'darwin-arm64']);
  });

  it('names the file and each bad field, with a stable code', () => {
    const bad = { ...MANIFEST, version: '1.0/../x', built: { 'linux-x64': { ...MANIFEST.built['linux-x64']!, sha256: 'XYZ' } } };
    const dir = folderWith(JSON.stringify(bad));
    const error = errorOf(dir);
    expect(error.code).toBe('RELEASE_MANIFEST_INVALID');
    expect(error.file).toBe(join(dir, MANIFEST_FILE));
    expect(error.problems).toEqual([
      expect.stringMatching(/^version: not a version a release folder can name/),
      expect.stringMatching(/^built\.linux-x64\.sha256: not a lower-case SHA-256/),
    ]);
    expect(error.message).toMatch(new RegExp(`^${error.file.replaceAll('.', '\\.')}: version: .*; built\\.linux-x64\\.sha256: `));
  });

  it('refuses a manifest from before sources were recorded, an unknown field, and a source outside the project', () => {
    const { sources: _, ...older } = MANIFEST;
    expect(errorOf(folderWith(JSON.stringify(older))).problems).toEqual([expect.stringMatching(/^sources: /)]);
    expect(errorOf(folderWith(JSON.stringify({ ...MANIFEST, extra: 1 }))).problems).toEqual([expect.stringMatching(/extra/)]);
    for (const source of ['../outside.ts', '/etc/passwd', 'cli/../../outside.ts'])
      expect(errorOf(folderWith(JSON.stringify({ ...MANIFEST, sources: [source] }))).problems).toEqual([
        'sources.0: not a path inside the project',
      ]);
  });

  it('says when there is no manifest, or it is not JSON', () => {
    const empty = join(work, 'empty');
    mkdirSync(empty);
    expect(errorOf(empty).message).toBe(`${join(empty, MANIFEST_FILE)}: cannot read the release manifest (ENOENT)`);
    expect(errorOf(folderWith('{"version": ')).message).toMatch(/release\.json: not JSON \(/);
  });
});
