import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { promisify } from 'node:util';
import { zip, type AsyncZippable } from 'fflate';
import { gzip } from 'node:zlib';
import { toSha256Hex } from '../../runtime/release/sha256-sums.ts';

/**
 * The earliest time a zip entry can carry (MS-DOS dates start in 1980): every entry gets it, as tar gets the
 * epoch. Zip stores local time fields, so the date is made in local time: the same fields in every time zone.
 */
const ZIP_EPOCH = new Date(1980, 0, 1);

const gzipAsync = promisify(gzip);
const zipAsync = (files: AsyncZippable) =>
  new Promise<Uint8Array>((done, fail) => zip(files, (error, data) => (error ? fail(error) : done(data))));

/**
 * The compression level of both archive kinds: zlib's default. On these binaries level 9 saves next to nothing for
 * much more CPU per release (the figures are in BENCHMARKS.md, under the archive sizes).
 */
const LEVEL = 6;

/**
 * Writes the archive holding the one file `binaryFile` at its root (where the installers look), reproducibly:
 * tar with owner 0, epoch mtime and sorted names, gzip with no name or time; zip entries with a fixed time.
 * The same binary always gives the same bytes. Compresses off the main thread (zlib's thread pool, fflate's
 * worker), so a release's archives are made side by side. Returns the archive's SHA-256.
 */
export async function writeArchive(binaryFile: string, archive: string): Promise<string> {
  let bytes: Buffer;
  if (archive.endsWith('.zip')) {
    // Mode 0755 in the entry's Unix attributes, so unzip on a Unix machine keeps it runnable too.
    const entry = readFileSync(binaryFile);
    bytes = Buffer.from(
      await zipAsync({ [basename(binaryFile)]: [entry, { level: LEVEL, mtime: ZIP_EPOCH, os: 3, attrs: (0o100755 << 16) >>> 0 }] }),
    );
  } else {
    const tar = `${archive}.tar`;
    execFileSync('tar', [
      '--sort=name',
      '--owner=0',
      '--group=0',
      '--numeric-owner',
      '--mtime=@0',
      '--mode=0755',
      '-cf',
      tar,
      '-C',
      dirname(binaryFile),
      basename(binaryFile),
    ]);
    bytes = await gzipAsync(readFileSync(tar), { level: LEVEL });
    rmSync(tar);
  }
  writeFileSync(archive, bytes);
  return toSha256Hex(bytes);
}
