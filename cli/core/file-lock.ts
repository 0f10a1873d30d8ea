import { closeSync, openSync, rmSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { CliError } from './cli-error.ts';

const STALE_MS = 30_000;
const WAIT_MS = 15_000;

/**
 * Runs `work` while holding `lockFile` (created exclusively). Two `warden` processes refreshing the same
 * rotating refresh token at once would spend it twice and lose the login (RFC 9700 §4.14.2 reuse detection),
 * so every change of the credentials file happens under this lock. A lock older than 30 s is taken as stale.
 */
export async function withFileLock<T>(lockFile: string, work: () => T | Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      closeSync(openSync(lockFile, 'wx', 0o600));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lockFile).mtimeMs > STALE_MS) rmSync(lockFile, { force: true });
      } catch {
        // removed by its holder meanwhile
      }
      if (Date.now() > deadline)
        throw new CliError(`${lockFile} is held by another warden process: retry, or delete the file if none runs`, 'ERR_LOCKED');
      await sleep(25 + Math.random() * 50);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockFile, { force: true });
  }
}
