import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toArchiveName } from '../../runtime/release/archive-name.ts';
import { toReleaseNamespace } from '../../runtime/release/ssh-signature.ts';
import type { SigningKey } from '../../runtime/node/signing-key.ts';

// Release folders laid out as `npm run release` lays them out, with tiny stand-in binaries (a shell script that
// prints its name and label), signed with a real key: what the installer tests download from.

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

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
  const archives = readdirSync(folder)
    .filter((f) => f.endsWith('.tar.gz'))
    .sort();
  const lines = [
    `${'0'.repeat(64)}  ${binary}-other-target.tar.gz`,
    ...archives.map((a) => `${sha256(readFileSync(join(folder, a)))}  ${a}`),
  ];
  const text = `${lines.join('\n')}\n`;
  writeFileSync(join(folder, 'SHA256SUMS'), text);
  writeFileSync(join(folder, 'SHA256SUMS.sig'), key.sign(Buffer.from(text), toReleaseNamespace(binary)));
}

/**
 * Writes a release folder at `dir`: `release.json`, then `download/v<version>/` with an archive for each target
 * (its binary prints `<binary> <version>-<target>`), SHA256SUMS and its signature, and the same files under
 * `latest/download/` when `latest`.
 */
export function writeRelease(dir: string, o: { binary: string; version: string; targets: string[]; key: SigningKey; latest?: boolean }) {
  const pinned = join(dir, 'download', `v${o.version}`);
  mkdirSync(pinned, { recursive: true });
  for (const target of o.targets) writeArchive(pinned, o.binary, target, `${o.version}-${target}`);
  writeSums(pinned, o.binary, o.key);
  writeFileSync(join(dir, 'release.json'), `${JSON.stringify({ version: o.version })}\n`);
  if (o.latest) cpSync(pinned, join(dir, 'latest', 'download'), { recursive: true });
}
