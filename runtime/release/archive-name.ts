/**
 * The archive of a target in a release folder: `.zip` for Windows (Explorer and Expand-Archive open it), `.tar.gz`
 * elsewhere. The release build writes these names, and the installers, `self update` and the site's pins read them.
 */
export function toArchiveName(binary: string, target: string): string {
  return `${binary}-${target}${target.startsWith('windows-') ? '.zip' : '.tar.gz'}`;
}
