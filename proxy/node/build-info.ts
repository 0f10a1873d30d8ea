import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFactsSchema, type BuildFacts, type BuiltFor } from '../../facts/build-facts.ts';
import { PATHS } from '../../facts/paths.ts';

/** Reads `<dist>/_build.json`; undefined when the folder was never built, or built by an older build. */
export function readBuildFacts(distDir: string): BuildFacts | undefined {
  const file = join(distDir, PATHS.buildInfo);
  if (!existsSync(file)) return undefined;
  try {
    const parsed = buildFactsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The fields of the build that differ from what this server needs, as `field: built → wanted` lines; empty when it fits. */
export function toBuildMismatches(built: BuiltFor | undefined, wanted: BuiltFor): string[] {
  if (!built) return ['dist/_build.json: missing (dist was never built, or by an older build)'];
  return (Object.keys(wanted) as (keyof BuiltFor)[])
    .filter((key) => built[key] !== wanted[key])
    .map((key) => `${key}: built for ${JSON.stringify(built[key])}, needed ${JSON.stringify(wanted[key])}`);
}

/**
 * Why dist must be built again before serving: it was built for other addresses, or from other sources than
 * those on disk now (after editing a page or the installer). Empty when it fits.
 */
export function toRebuildReasons(built: BuildFacts | undefined, wanted: BuiltFor, sourceHash: string): string[] {
  const reasons = toBuildMismatches(built, wanted);
  if (built && built.source_hash !== sourceHash) reasons.push('sources: changed since the last build');
  return reasons;
}
