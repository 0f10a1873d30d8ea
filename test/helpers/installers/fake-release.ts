import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { toArchiveName } from '../../../runtime/release/archive-name.ts';
import { LATEST_PATH, MANIFEST_FILE, SUMS_FILE, SUMS_SIGNATURE_FILE, toVersionFolder } from '../../../runtime/release/release-layout.ts';
import { type BuiltTarget, toReleaseManifestText } from '../../../runtime/release/release-manifest.ts';
import { toSha256Hex, toSha256Sums } from '../../../runtime/release/sha256-sums.ts';
import { toReleaseNamespace } from '../../../runtime/release/ssh-signature.ts';
import type { SigningKey } from '../../../runtime/node/signing-key.ts';

// Release folders laid out as `npm run release` lays them out, with tiny stand-in binaries (a shell script that
// prints its name and label), signed with a real key: what the installer tests download from.

export const sha256 = toSha256Hex;

/** Writes `<dir>/<binary>-<target>.tar.gz` holding a "binary" that prints `<binary> <label>`; returns its path. */
export function writeArchive(dir: string, binary: string, target: string, label: string): string {
  const stage = mkdtempSync(join(dir, '.stage-'));
  writeFileSync(join(stage, binary), `#!/bin/sh\necho "${binary} ${label}"\n`, { mode: 0o644 });
  const archive = join(dir, toArchiveName(binary, target));
  execFileSync('tar', ['-czf', archive, '-C', stage, binary]);
  rmSync(stage, { recursive: true });
  return archive;
}

/** Writes SHA256SUMS for every archive in `folder` (and a line for a target not there), signed by `key`. */
export function writeSums(folder: string, binary: string, key: SigningKey): void {
  const sums: Record<string, string> = { [`${binary}-other-target.tar.gz`]: '0'.repeat(64) };
  for (const archive of readdirSync(folder).filter((f) => f.endsWith('.tar.gz')))
    sums[archive] = sha256(readFileSync(join(folder, archive)));
  const text = toSha256Sums(sums);
  writeFileSync(join(folder, SUMS_FILE), text);
  writeFileSync(join(folder, SUMS_SIGNATURE_FILE), key.sign(Buffer.from(text), toReleaseNamespace(binary)));
}

/**
 * Writes a release folder at `dir`: `release.json` (made from no sources), then `download/v<version>/` with an
 * archive for each target (its binary prints `<binary> <version>-<target>`), SHA256SUMS and its signature, and the
 * same files under `latest/download/` when `latest`.
 */
export function writeRelease(dir: string, o: { binary: string; version: string; targets: string[]; key: SigningKey; latest?: boolean }) {
  const pinned = toVersionFolder(dir, o.version);
  mkdirSync(pinned, { recursive: true });
  const built: Record<string, BuiltTarget> = {};
  for (const target of o.targets) {
    const archive = writeArchive(pinned, o.binary, target, `${o.version}-${target}`);
    const bytes = readFileSync(archive);
    built[target] = { archive: basename(archive), sha256: sha256(bytes), bytes: bytes.length, binaryBytes: 0 };
  }
  writeSums(pinned, o.binary, o.key);
  const manifest = { version: o.version, inputs: '0'.repeat(64), runtime: 'none', sources: [], built };
  writeFileSync(join(dir, MANIFEST_FILE), toReleaseManifestText(manifest));
  if (o.latest) cpSync(pinned, join(dir, LATEST_PATH), { recursive: true });
}
