import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CliError } from './cli-error.ts';
import { request, type Fetch } from './http-json.ts';
import { toExpectedSum, toReleaseFolder } from './release-sums.ts';
import { requireSecureUrl } from './secure-url.ts';

/** What an update needs to know. */
export interface UpdateOptions {
  fetch: Fetch;
  binary: string;
  /** The release archive (the installer's `<ENV_PREFIX>_DOWNLOAD_URL` overrides it). */
  archive: string;
  target: string;
  /** undefined: the latest release. */
  version?: string;
  /** The installed binary to replace. */
  execPath: string;
}

async function download(fetcher: Fetch, url: string): Promise<Buffer> {
  const response = await request(fetcher, url);
  if (!response.ok) {
    await response.body?.cancel();
    throw new CliError(`download failed: ${url} answered HTTP ${response.status}`, 'ERR_DOWNLOAD');
  }
  return Buffer.from(await response.arrayBuffer());
}

/**
 * Replaces the running binary with the release's, the installer's way: download the archive and SHA256SUMS
 * from the same folder, refuse on any checksum problem, unpack, check that the new binary runs, then
 * rename it over the old one (atomic on one file system). Returns the new binary's `--version` line.
 */
export async function updateSelf(o: UpdateOptions): Promise<string> {
  const folder = toReleaseFolder(requireSecureUrl(o.archive, 'The release archive').href, o.version);
  const name = `${o.binary}-${o.target}.tar.gz`;
  const [archive, sums] = await Promise.all([download(o.fetch, `${folder}/${name}`), download(o.fetch, `${folder}/SHA256SUMS`)]);
  const expected = toExpectedSum(sums.toString('utf8'), name, `${folder}/SHA256SUMS`);
  const actual = createHash('sha256').update(archive).digest('hex');
  if (actual !== expected) throw new CliError(`checksum mismatch for ${name} (expected ${expected}, got ${actual}): refusing to update`, 'ERR_CHECKSUM_MISMATCH');

  // Unpack next to the binary, so the final rename stays on one file system.
  const dir = dirname(o.execPath);
  let work: string;
  try {
    work = mkdtempSync(join(dir, `.${basename(o.execPath)}-update-`));
  } catch {
    throw new CliError(`cannot write to ${dir}: run the installer instead, or update as the binary's owner`, 'ERR_NOT_WRITABLE');
  }
  try {
    writeFileSync(join(work, name), archive);
    try {
      execFileSync('tar', ['-xzf', name], { cwd: work, stdio: 'ignore' });
    } catch {
      throw new CliError(`could not unpack ${name} (is tar installed?)`, 'ERR_UNPACK');
    }
    const fresh = join(work, o.binary);
    chmodSync(fresh, 0o755);
    let version: string;
    try {
      version = execFileSync(fresh, ['--version'], { encoding: 'utf8', timeout: 30_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      throw new CliError(`the downloaded ${o.binary} does not run on this machine: keeping the installed one`, 'ERR_BAD_BINARY');
    }
    renameSync(fresh, o.execPath);
    return version;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
