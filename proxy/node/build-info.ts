import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a dist folder was built for (`dist/_build.json`, written by the build). */
export interface BuildInfo {
  base_url: string;
  app_url: string;
  auth_issuer: string;
  /** Where the installer downloads the CLI from (`npm start` points it at the local release folder). */
  release_archive?: string;
}

/** Reads `<dist>/_build.json`; undefined when the folder was never built or the file is unreadable. */
export function readBuildInfo(distDir: string): BuildInfo | undefined {
  const file = join(distDir, '_build.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BuildInfo;
  } catch {
    return undefined;
  }
}

/** The fields of the build that differ from what this server needs, as `field: built → wanted` lines; empty when it fits. */
export function toBuildMismatches(built: BuildInfo | undefined, wanted: BuildInfo): string[] {
  if (!built) return ['dist/_build.json: missing (dist was never built, or by an older build)'];
  // Only the fields this server cares about: `npm run serve` does not serve a release archive.
  return (Object.keys(wanted) as (keyof BuildInfo)[])
    .filter((key) => built[key] !== wanted[key])
    .map((key) => `${key}: built for ${JSON.stringify(built[key])}, needed ${JSON.stringify(wanted[key])}`);
}
