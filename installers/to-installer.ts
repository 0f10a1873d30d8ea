import { SUMS_FILE } from '../runtime/release/release-layout.ts';
import { toReleaseNamespace } from '../runtime/release/ssh-signature.ts';
import type { ReleasePins } from '../content-model/read-release-pins.ts';
import type { Site } from '../content-model/schemas/site.ts';
import { toUrl } from '../facts/paths.ts';

/** The site facts the installers need. */
export type InstallerSite = Pick<Site, 'product' | 'base_url' | 'cli'>;
/** The release an installer pins: its version and each archive's SHA-256 (none: every release's signature is checked). */
export type InstallerPins = Pick<ReleasePins, 'version' | 'archives'>;

/** A placeholder in an installer template: `@@NAME@@`. */
const PLACEHOLDER = /@@([A-Z][A-Z0-9_]*)@@/g;

// Every value lands inside a double-quoted sh string, a here-document or a single-quoted PowerShell string, so it
// may hold no character the shell would expand or that would end the string: `$`, backquote, either quote, `\`,
// newline (PowerShell ends a single-quoted string at `'` alone: about_Quoting_Rules).
const SAFE = /^[A-Za-z0-9 ._:/~+,()-]+$/;
// A Windows folder: backslashes, which a single-quoted PowerShell string keeps as they are; still no quote.
const SAFE_WINDOWS_PATH = /^[A-Za-z0-9 ._\\-]+$/;
// The pins: empty when the build had no release, else a version and `<archive>=<sha256>` words, space-separated.
const SAFE_VERSION = /^[A-Za-z0-9._+-]*$/;
const SAFE_PINS = /^(?:[a-z0-9._-]+=[0-9a-f]{64}(?: [a-z0-9._-]+=[0-9a-f]{64})*)?$/;

/**
 * Where the Windows installer puts the binary, under `%LOCALAPPDATA%`: the per-user Programs folder
 * (FOLDERID_UserProgramFiles), which needs no administrator rights.
 */
export function toWindowsInstallSubdir(binary: string): string {
  return `Programs\\${binary}\\bin`;
}

/** `~/.local/bin` → `$HOME/.local/bin` (a tilde does not expand inside quotes); other paths as they are. */
function toShellDir(dir: string): string {
  return dir === '~' || dir.startsWith('~/') ? `$HOME${dir.slice(1)}` : dir;
}

interface Value {
  field: string;
  value: string;
  /** What the value may hold, when not SAFE. */
  safe?: RegExp;
}

/** `<archive>=<sha256>` words in the order of the archive names, so the same release always gives the same text. */
function toPinWords(pins: InstallerPins | undefined): string {
  return Object.entries(pins?.archives ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([archive, sha]) => `${archive}=${sha}`)
    .join(' ');
}

// Both templates (install.sh, install.ps1) are filled from this one table, so each may use any of these.
function toValues(site: InstallerSite, pins: InstallerPins | undefined): Record<string, Value> {
  const { cli } = site;
  return {
    BINARY: { field: 'cli.binary', value: cli.binary },
    PRODUCT: { field: 'product.name', value: site.product.name },
    ENV_PREFIX: { field: 'cli.env_prefix', value: cli.env_prefix },
    RELEASE_ARCHIVE: { field: 'cli.release_archive', value: cli.release_archive },
    BASE_URL: { field: 'base_url', value: site.base_url },
    INSTALLER_URL: { field: 'cli.installer_path', value: toUrl(site.base_url, cli.installer_path) },
    INSTALLER_PS1_URL: { field: 'cli.installer_ps1_path', value: toUrl(site.base_url, cli.installer_ps1_path) },
    TARGETS: { field: 'cli.targets', value: cli.targets.join(' ') },
    INSTALL_DIR_DISPLAY: { field: 'cli.install_dir_default', value: cli.install_dir_default },
    INSTALL_DIR_DEFAULT: { field: 'cli.install_dir_default', value: cli.install_dir_default },
    WINDOWS_INSTALL_SUBDIR: { field: 'cli.binary', value: toWindowsInstallSubdir(cli.binary), safe: SAFE_WINDOWS_PATH },
    RELEASE_SIGNING_KEY: { field: 'cli.release_signing_key', value: cli.release_signing_key },
    SIGNING_NAMESPACE: { field: 'cli.binary', value: toReleaseNamespace(cli.binary) },
    PINNED_VERSION: { field: 'RELEASE_DIR (version)', value: pins?.version ?? '', safe: SAFE_VERSION },
    PINNED_ARCHIVES: { field: `RELEASE_DIR (${SUMS_FILE})`, value: toPinWords(pins), safe: SAFE_PINS },
  };
}

/**
 * Fills an installer template (`installers/install.sh` or `install.ps1`) with the site's CLI facts and the pins
 * of the release the site was built with (none: the installer checks the signature of every release it installs).
 * Throws if a value is unsafe inside a shell string, or if the template names an unknown placeholder.
 */
export function toInstaller(site: InstallerSite, template: string, pins?: InstallerPins): string {
  const values = toValues(site, pins);
  for (const { field, value, safe = SAFE } of Object.values(values)) {
    if (!safe.test(value)) {
      throw new Error(`Installer: ${field} "${value}" holds a character that is unsafe in a shell string`);
    }
  }
  const unknown = new Set<string>();
  const script = template.replace(PLACEHOLDER, (match, name: string) => {
    const entry = values[name];
    if (!entry) {
      unknown.add(match);
      return match;
    }
    return name === 'INSTALL_DIR_DEFAULT' ? toShellDir(entry.value) : entry.value;
  });
  if (unknown.size > 0) {
    throw new Error(`Installer: the template has unknown placeholders: ${[...unknown].join(', ')}`);
  }
  // A fact that itself looked like a placeholder, or a malformed one such as `@@binary@@`.
  const left = script.match(/@@[^@\s]*@@/);
  if (left) throw new Error(`Installer: placeholder ${left[0]} was left unfilled`);
  return script;
}
