import { toReleaseNamespace } from '../../runtime/release/ssh-signature.ts';
import type { Site } from '../schemas/site.ts';
import { toUrl } from '../../facts/paths.ts';

/** The site facts the installers need. */
export type InstallerSite = Pick<Site, 'product' | 'base_url' | 'cli'>;

/** A placeholder in an installer template: `@@NAME@@`. */
const PLACEHOLDER = /@@([A-Z][A-Z0-9_]*)@@/g;

// Every value lands inside a double-quoted sh string, a here-document or a single-quoted PowerShell string, so it
// may hold no character the shell would expand or that would end the string: `$`, backquote, either quote, `\`,
// newline (PowerShell ends a single-quoted string at `'` alone: about_Quoting_Rules).
const SAFE = /^[A-Za-z0-9 ._:/~+,()-]+$/;
// A Windows folder: backslashes, which a single-quoted PowerShell string keeps as they are; still no quote.
const SAFE_WINDOWS_PATH = /^[A-Za-z0-9 ._\\-]+$/;

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

// Both templates (install.sh, install.ps1) are filled from this one table, so each may use any of these.
function toValues(site: InstallerSite): Record<string, Value> {
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
  };
}

/**
 * Fills an installer template (`src/installer/install.sh` or `install.ps1`) with the site's CLI facts.
 * Throws if a value is unsafe inside a shell string, or if the template names an unknown placeholder.
 */
export function toInstaller(site: InstallerSite, template: string): string {
  const values = toValues(site);
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
