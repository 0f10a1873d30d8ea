/**
 * The release folder's layout, as the release build writes it and the installers, `self update`, the site's pins
 * and the sandbox's release host read it: `release.json` at the root, each version's files under
 * `download/v<version>/`, the newest release's again under `latest/download/` (the installers' fixed addresses).
 */

/** The checksums of a release folder's archives, in sha256sum format (see sha256-sums.ts). */
export const SUMS_FILE = 'SHA256SUMS';
/** The SSH signature of SHA256SUMS (ssh-keygen -Y sign, see ssh-signature.ts). */
export const SUMS_SIGNATURE_FILE = 'SHA256SUMS.sig';
/** The build's manifest at the release folder's root: the release host keeps it to itself. */
export const MANIFEST_FILE = 'release.json';
/** The newest release's folder, relative to the release folder. */
export const LATEST_PATH = 'latest/download';

/** A version as a folder may name it: one path segment of letters, digits and `._+-` (e.g. 1.2.3, 1.2.3-rc.1+b5). */
const VERSION = /^[A-Za-z0-9._+-]+$/;

/** Whether `version` (no leading `v`) can name a release folder. */
export function isReleaseVersion(version: string): boolean {
  return VERSION.test(version);
}

/** The folder of one version, relative to the release folder: `download/v<version>`. */
export function toVersionPath(version: string): string {
  return `download/v${version}`;
}

/** `base` (a folder path or a URL) with `path` under it, one slash between, whether or not `base` ends with one. */
function under(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path}`;
}

/** The folder of one version under a release folder's path or URL. */
export function toVersionFolder(base: string, version: string): string {
  return under(base, toVersionPath(version));
}

/** The newest release's folder under a release folder's path or URL. */
export function toLatestFolder(base: string): string {
  return under(base, LATEST_PATH);
}
