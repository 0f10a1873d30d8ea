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
 * `<os>-<arch>[-musl][-baseline]` of a machine, as the archives name it, or undefined when no binary that runs there
 * is published. `musl` says the C library is musl (Alpine), whose binaries differ from glibc's; `avx2: false` says
 * the x64 processor lacks AVX2, which only the `-baseline` builds run without (undefined: not known, taken as there).
 */
export function toTarget(
  platform: string,
  arch: string,
  targets: readonly string[],
  machine: { musl?: boolean; avx2?: boolean } = {},
): string | undefined {
  const os = platform === 'darwin' ? 'darwin' : platform === 'linux' ? 'linux' : platform === 'win32' ? 'windows' : undefined;
  const cpu = arch === 'x64' || arch === 'arm64' ? arch : undefined;
  if (!os || !cpu) return undefined;
  const base = `${os}-${cpu}${os === 'linux' && machine.musl ? '-musl' : ''}`;
  const target = cpu === 'x64' && machine.avx2 === false ? `${base}-baseline` : base;
  return targets.includes(target) ? target : undefined;
}

/** The release folder of a version (`download/v<version>`) or of the latest release, as the installer builds it. */
export function toReleaseFolder(archive: string, version: string | undefined): string {
  const base = archive.replace(/\/$/, '');
  if (version === undefined) return `${base}/latest/download`;
  if (!/^v?[A-Za-z0-9._+-]+$/.test(version)) throw new CliError(`invalid version: "${version}" (e.g. 1.2.3)`, 'ERR_USAGE', 2);
  return `${base}/download/v${version.replace(/^v/, '')}`;
}
