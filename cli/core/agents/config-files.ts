import { existsSync, mkdirSync, readFileSync, realpathSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { CliError } from '../cli-error.ts';
import type { Change } from './plan-agents.ts';
import { writeAtomically } from '../write-atomically.ts';

/** A file's text, or undefined when there is none. */
export function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw toWriteError(path, error, 'read');
  }
}

/** True when any of the paths exists (an agent's folders: it is on this machine). */
export function existsAny(paths: string[]): boolean {
  return paths.some((p) => existsSync(p));
}

/** What to do about a file the CLI cannot read or write, in one line naming it. */
function toWriteError(path: string, error: unknown, verb: 'read' | 'write'): CliError {
  const code = (error as NodeJS.ErrnoException).code ?? 'error';
  const fix =
    code === 'EACCES' || code === 'EPERM'
      ? `give yourself access to it (ls -l "${path}"), or leave that agent out with --agent`
      : code === 'EROFS'
        ? 'it is on a read-only file system: leave that agent out with --agent'
        : code === 'ENOSPC'
          ? 'the disk is full: free some space and run again'
          : 'fix it and run again, or leave that agent out with --agent';
  return new CliError(`cannot ${verb} ${path} (${code}): ${fix}`, 'ERR_CONFIG_WRITE');
}

/**
 * Replaces a file atomically: the new text goes to a temporary file in the same folder, is flushed, then renamed over
 * the old one, so a crash leaves the old file or the new one, never half of either. A symbolic link (dotfiles kept in
 * a repository) is followed, so the link stays and its target changes; the file's permissions are kept.
 */
export function writeFileAtomic(path: string, text: string): void {
  let target = path;
  try {
    target = existsSync(path) ? realpathSync(path) : path;
    const mode = existsSync(target) ? statSync(target).mode & 0o777 : 0o644;
    mkdirSync(dirname(target), { recursive: true });
    writeAtomically(target, text, mode);
  } catch (error) {
    throw toWriteError(target, error, 'write');
  }
}

/** Deletes a file install wrote, and its folder when that is then empty (a skill's `<name>/`). */
function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw toWriteError(path, error, 'write');
  }
  try {
    rmdirSync(dirname(path));
  } catch {
    // Not empty, or gone: either way nothing of ours is left.
  }
}

/** Carries out the changes one file at a time; a file that cannot be written is left as it was and reported. */
export function applyChanges(changes: Change[]): CliError[] {
  const failures: CliError[] = [];
  for (const change of changes) {
    try {
      if (change.after === undefined) removeFile(change.path);
      else writeFileAtomic(change.path, change.after);
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      failures.push(error);
    }
  }
  return failures;
}
