import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip, constants } from 'node:zlib';

/**
 * `<name>.tar.gz` holding the one file `binary` at its root (where the installer looks first), reproducible:
 * sorted, owner 0, epoch mtime, so the same binary always gives the same SHA-256. Returns that SHA-256.
 */
export async function writeArchive(binaryFile: string, archive: string): Promise<string> {
  const tar = `${archive}.tar`;
  execFileSync('tar', ['--sort=name', '--owner=0', '--group=0', '--numeric-owner', '--mtime=@0', '-cf', tar, '-C', dirname(binaryFile), basename(binaryFile)]);
  const gz = await promisify(gzip)(readFileSync(tar), { level: constants.Z_BEST_COMPRESSION });
  rmSync(tar);
  writeFileSync(archive, gz);
  return createHash('sha256').update(gz).digest('hex');
}

/** A `SHA256SUMS` file in `sha256sum` format (two spaces: text mode), sorted by file name. */
export function toSha256Sums(sums: Record<string, string>): string {
  return Object.keys(sums).sort().map((name) => `${sums[name]}  ${name}\n`).join('');
}

/** Where an archive of `version` lives in a release folder, for the pinned and the latest address (installer layout). */
export function toReleaseFolders(outDir: string, version: string): { pinned: string; latest: string } {
  return { pinned: join(outDir, 'download', `v${version}`), latest: join(outDir, 'latest', 'download') };
}
