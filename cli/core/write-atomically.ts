import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `text` to `file` through a new temporary file in the same folder (created with `mode`), flushed, then renamed
 * over it: a reader, or a crash, sees the old file or the new one, never half of either (rename is atomic within a
 * file system, POSIX rename(2)).
 */
export function writeAtomically(file: string, text: string, mode: number): void {
  const temp = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', mode);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
