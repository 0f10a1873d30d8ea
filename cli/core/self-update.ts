import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { CliError } from './cli-error.ts';
import { request, type Fetch } from '../../runtime/oauth/fetch-json.ts';
import { toExpectedSum, toReleaseFolder } from './release-sums.ts';
import { toArchiveName } from '../../runtime/release/archive-name.ts';
import { SUMS_FILE, SUMS_SIGNATURE_FILE } from '../../runtime/release/release-layout.ts';
import { toSha256Hex } from '../../runtime/release/sha256-sums.ts';
import { requireSecureUrl } from '../../runtime/oauth/secure-url.ts';
import { toReleaseNamespace, verifySshSignature } from '../../runtime/release/ssh-signature.ts';

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
  /** The release signing key's public line, baked in at build time. */
  signingKey: string;
}

async function download(fetcher: Fetch, url: string): Promise<Buffer> {
  const response = await request(fetcher, url);
  if (!response.ok) {
    await response.body?.cancel();
    throw new CliError(`download failed: ${url} answered HTTP ${response.status}`, 'ERR_DOWNLOAD');
  }
  return Buffer.from(await response.arrayBuffer());
}

/** The archive of a target, as the release build names it. */
export function toArchiveFile(binary: string, target: string): { archive: string; executable: string } {
  return { archive: toArchiveName(binary, target), executable: target.startsWith('windows-') ? `${binary}.exe` : binary };
}

/** Unpacks the executable from a release archive into `dir`, with tar for `.tar.gz` and in process for `.zip`. */
function unpack(dir: string, name: string, bytes: Buffer, executable: string): string {
  const out = join(dir, executable);
  if (name.endsWith('.zip')) {
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(bytes, { filter: (f) => f.name === executable });
    } catch {
      throw new CliError(`could not unpack ${name}: not a zip archive`, 'ERR_UNPACK');
    }
    if (!entries[executable]) throw new CliError(`${name} holds no ${executable}`, 'ERR_UNPACK');
    writeFileSync(out, entries[executable]);
    return out;
  }
  writeFileSync(join(dir, name), bytes);
  try {
    execFileSync('tar', ['-xzf', name], { cwd: dir, stdio: 'ignore' });
  } catch {
    throw new CliError(`could not unpack ${name} (is tar installed?)`, 'ERR_UNPACK');
  }
  return out;
}

/**
 * Puts `fresh` where `target` is. On Windows a running executable cannot be overwritten or deleted, but it can
 * be renamed: the old one moves aside to `<name>.old` (removed by the next update) and the new one takes its
 * name. Elsewhere one rename replaces it atomically.
 */
function replaceBinary(fresh: string, target: string, windows: boolean): void {
  if (!windows) {
    renameSync(fresh, target);
    return;
  }
  const old = `${target}.old`;
  rmSync(old, { force: true });
  renameSync(target, old);
  try {
    renameSync(fresh, target);
  } catch (error) {
    renameSync(old, target);
    throw error;
  }
}

/**
 * Replaces the running binary with the release's, the installers' way: download the archive, SHA256SUMS and
 * its signature from the same folder; refuse unless the signature verifies with the baked-in key (so a changed
 * archive with changed sums is refused too), then unless the checksum matches; unpack, check that the new
 * binary runs, then put it in place. Returns the new binary's `--version` line.
 */
export async function updateSelf(o: UpdateOptions): Promise<string> {
  const folder = toReleaseFolder(requireSecureUrl(o.archive, 'The release archive').href, o.version);
  const { archive: name, executable } = toArchiveFile(o.binary, o.target);
  const [archive, sums, signature] = await Promise.all([
    download(o.fetch, `${folder}/${name}`),
    download(o.fetch, `${folder}/${SUMS_FILE}`),
    download(o.fetch, `${folder}/${SUMS_SIGNATURE_FILE}`),
  ]);
  if (!verifySshSignature(sums, signature.toString('utf8'), o.signingKey, toReleaseNamespace(o.binary))) {
    throw new CliError(
      `the signature of ${folder}/${SUMS_FILE} does not verify with the release key: refusing to update`,
      'ERR_BAD_SIGNATURE',
    );
  }
  const expected = toExpectedSum(sums.toString('utf8'), name, `${folder}/${SUMS_FILE}`);
  const actual = toSha256Hex(archive);
  if (actual !== expected)
    throw new CliError(`checksum mismatch for ${name} (expected ${expected}, got ${actual}): refusing to update`, 'ERR_CHECKSUM_MISMATCH');

  // Unpack next to the binary, so the final rename stays on one file system.
  const dir = dirname(o.execPath);
  let work: string;
  try {
    work = mkdtempSync(join(dir, `.${basename(o.execPath)}-update-`));
  } catch {
    throw new CliError(`cannot write to ${dir}: run the installer instead, or update as the binary's owner`, 'ERR_NOT_WRITABLE');
  }
  try {
    const fresh = unpack(work, name, archive, executable);
    chmodSync(fresh, 0o755);
    let version: string;
    try {
      version = execFileSync(fresh, ['--version'], { encoding: 'utf8', timeout: 30_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      throw new CliError(`the downloaded ${o.binary} does not run on this machine: keeping the installed one`, 'ERR_BAD_BINARY');
    }
    replaceBinary(fresh, o.execPath, o.target.startsWith('windows-'));
    return version;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
