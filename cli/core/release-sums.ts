import { CliError } from './cli-error.ts';

/**
 * The SHA-256 that a `SHA256SUMS` file (sha256sum format: `<hash>  <file>` or `<hash> *<file>`) lists for
 * `name`, with the installer's rules: no entry, or a malformed one, is a refusal.
 */
export function toExpectedSum(sums: string, name: string, where: string): string {
  for (const line of sums.split('\n')) {
    const [hash, file] = line.trim().split(/\s+/);
    if (file === name || file === `*${name}`) {
      const lower = (hash ?? '').toLowerCase();
      if (!/^[0-9a-f]{64}$/.test(lower))
        throw new CliError(`malformed checksum for ${name} in ${where}: refusing to update`, 'ERR_BAD_CHECKSUM');
      return lower;
    }
  }
  throw new CliError(`no checksum for ${name} in ${where}: refusing to update`, 'ERR_BAD_CHECKSUM');
}

/**
 * `<os>-<arch>[-musl]` of a machine, as the archives name it, or undefined when no binary is published for it.
 * `musl` says the C library is musl (Alpine), whose binaries differ from glibc's.
 */
export function toTarget(platform: string, arch: string, targets: readonly string[], musl = false): string | undefined {
  const os = platform === 'darwin' ? 'darwin' : platform === 'linux' ? 'linux' : platform === 'win32' ? 'windows' : undefined;
  const cpu = arch === 'x64' || arch === 'arm64' ? arch : undefined;
  const target = os && cpu ? `${os}-${cpu}${os === 'linux' && musl ? '-musl' : ''}` : undefined;
  return target && targets.includes(target) ? target : undefined;
}

/** The release folder of a version (`download/v<version>`) or of the latest release, as the installer builds it. */
export function toReleaseFolder(archive: string, version: string | undefined): string {
  const base = archive.replace(/\/$/, '');
  if (version === undefined) return `${base}/latest/download`;
  if (!/^v?[A-Za-z0-9._+-]+$/.test(version)) throw new CliError(`invalid version: "${version}" (e.g. 1.2.3)`, 'ERR_USAGE', 2);
  return `${base}/download/v${version.replace(/^v/, '')}`;
}
