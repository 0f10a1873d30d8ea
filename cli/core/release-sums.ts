import { isReleaseVersion, toLatestFolder, toVersionFolder } from '../../runtime/release/release-layout.ts';
import { requireSha256Sums, Sha256SumsError } from '../../runtime/release/sha256-sums.ts';
import { CliError, usageError } from './cli-error.ts';

/**
 * The SHA-256 that the SHA256SUMS at `where` lists for `name`, read with the release's one set of rules
 * (runtime/release/sha256-sums.ts): a malformed file, or no entry, is a refusal.
 */
export function toExpectedSum(sums: string, name: string, where: string): string {
  let listed: Map<string, string>;
  try {
    listed = requireSha256Sums(sums);
  } catch (error) {
    if (!(error instanceof Sha256SumsError)) throw error;
    throw new CliError(`malformed checksums in ${where}: ${error.message}: refusing to update`, 'ERR_BAD_CHECKSUM');
  }
  const sum = listed.get(name);
  if (sum === undefined) throw new CliError(`no checksum for ${name} in ${where}: refusing to update`, 'ERR_BAD_CHECKSUM');
  return sum;
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

/** The release folder of a version (`--version 1.2.3` or `v1.2.3`) or of the latest release, as the installer builds it. */
export function toReleaseFolder(archive: string, version: string | undefined): string {
  if (version === undefined) return toLatestFolder(archive);
  const bare = version.replace(/^v/, '');
  if (!isReleaseVersion(bare)) throw usageError(`invalid version: "${version}" (e.g. 1.2.3)`);
  return toVersionFolder(archive, bare);
}
