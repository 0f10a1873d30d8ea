import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from './cli-error.ts';
import { credentialFileSchema, emptyCredentialFile, type CredentialFile } from './credential-file.ts';
import { withFileLock } from './file-lock.ts';
import { writeAtomically } from './write-atomically.ts';

/**
 * The credentials of every service, in one file under the config folder: 0700 and 0600 on POSIX systems; on
 * Windows, where modes mean nothing, the folder's access list grants only the user.
 */
export interface CredentialStore {
  readonly file: string;
  /** The stored credentials (an empty file when none were ever stored). Refuses loose permissions. */
  read(): CredentialFile;
  /** Reads, changes and writes back under a lock, atomically; nothing is written when `change` throws. */
  update<T>(change: (file: CredentialFile) => T | Promise<T>): Promise<T>;
}

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, '0');

/** Refuses a folder or file that others can read or write: it holds client secrets and refresh tokens. */
function requirePrivate(path: string, wanted: number, kind: 'folder' | 'file'): boolean {
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  if ((mode & 0o077) !== 0) {
    throw new CliError(
      `the credentials ${kind} ${path} has mode ${octal(mode)}, open to other users: run \`chmod ${wanted.toString(8)} ${path}\` (and check nobody copied it), then retry`,
      'ERR_LOOSE_PERMISSIONS',
    );
  }
  return true;
}

/**
 * Windows: replaces the new folder's inherited access list with one entry, full control for the current user
 * (icacls: `/inheritance:r` drops inherited entries, `(OI)(CI)` passes the grant on to the files inside).
 */
function restrictToUser(dir: string, user: string | undefined): void {
  try {
    if (!user) throw new Error('USERNAME is not set');
    execFileSync('icacls', [dir, '/inheritance:r', '/grant:r', `${user}:(OI)(CI)F`], { stdio: 'ignore', windowsHide: true });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    throw new CliError(`could not restrict ${dir} to your account (icacls failed): not storing credentials there`, 'ERR_LOOSE_PERMISSIONS');
  }
}

/** The store in `dir` (created private on the first write, never on a read). */
export function createCredentialStore(
  dir: string,
  platform: string = process.platform,
  user: string | undefined = process.env.USERNAME,
): CredentialStore {
  const file = join(dir, 'credentials.json');
  const windows = platform === 'win32';
  const read = (): CredentialFile => {
    if (windows ? !existsSync(file) : !requirePrivate(dir, 0o700, 'folder') || !requirePrivate(file, 0o600, 'file'))
      return emptyCredentialFile();
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      throw new CliError(
        `${file} is not valid JSON: fix or delete it (deleting forgets every login and registered client)`,
        'ERR_BAD_CREDENTIALS',
      );
    }
    const parsed = credentialFileSchema.safeParse(value);
    if (!parsed.success)
      throw new CliError(`${file} is not a credentials file this version understands: fix or delete it`, 'ERR_BAD_CREDENTIALS');
    return parsed.data;
  };
  return {
    file,
    read,
    async update(change) {
      // Check before creating anything: a refused folder must stay as it is.
      read();
      if (windows && !existsSync(dir)) {
        mkdirSync(dir, { recursive: true });
        restrictToUser(dir, user);
      }
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      return withFileLock(join(dir, 'credentials.lock'), async () => {
        const current = read();
        const result = await change(current);
        writeAtomically(file, `${JSON.stringify(current, null, 2)}\n`, 0o600);
        return result;
      });
    },
  };
}
