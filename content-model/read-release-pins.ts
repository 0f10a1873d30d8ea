import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { toArchiveName } from '../runtime/release/archive-name.ts';
import { SUMS_FILE, SUMS_SIGNATURE_FILE, toVersionFolder } from '../runtime/release/release-layout.ts';
import { readReleaseManifest, ReleaseManifestError } from '../runtime/release/release-manifest.ts';
import { requireSha256Sums, Sha256SumsError, toSha256Hex } from '../runtime/release/sha256-sums.ts';
import { toReleaseNamespace, verifySshSignature } from '../runtime/release/ssh-signature.ts';
import type { Site } from './schemas/site.ts';
import { ContentError } from './content-error.ts';

/**
 * The release a build pins into its installers: they install it by checking each archive's SHA-256 against these,
 * with no signature tool, since the installer itself comes from the site.
 */
export interface ReleasePins {
  /** The release's version, as its folder names it (`download/v<version>/`). */
  version: string;
  /** Archive file name → lower-case SHA-256, for every archive of `cli.targets` that the release's SHA256SUMS lists. */
  archives: Record<string, string>;
  /** The SHA-256 of that SHA256SUMS: a build made from other sums pins another release. */
  sums: string;
}

const VARIABLE = 'environment (RELEASE_DIR)';

function fail(problem: string): never {
  throw new ContentError(VARIABLE, [`RELEASE_DIR: ${problem}`]);
}

function read(file: string, what: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    return fail(`${file}: cannot read ${what} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/**
 * The pins of the release folder `RELEASE_DIR` names (the folder `npm run release` writes: `release.json`, then
 * `download/v<version>/SHA256SUMS` and its signature), or undefined when the variable is unset: the installers then
 * check each release's signature instead. Throws a ContentError naming the variable when the folder is not a release,
 * its SHA256SUMS is malformed or lists no archive of `cli.targets`, or its signature does not verify with the key the
 * installers carry.
 */
export function readReleasePins(site: Pick<Site, 'cli'>, env: NodeJS.ProcessEnv): ReleasePins | undefined {
  const dirValue = env.RELEASE_DIR;
  if (dirValue === undefined || dirValue === '') return undefined;
  const dir = resolve(dirValue);
  let version: string;
  try {
    version = readReleaseManifest(dir).version;
  } catch (error) {
    if (!(error instanceof ReleaseManifestError)) throw error;
    return fail(error.message);
  }
  const folder = toVersionFolder(dir, version);
  const sumsFile = join(folder, SUMS_FILE);
  const signatureFile = join(folder, SUMS_SIGNATURE_FILE);
  const sums = read(sumsFile, 'the release checksums');
  const signature = read(signatureFile, `the signature of ${SUMS_FILE}`).toString('utf8');
  const namespace = toReleaseNamespace(site.cli.binary);
  if (!verifySshSignature(sums, signature, site.cli.release_signing_key, namespace)) {
    fail(`${signatureFile} does not verify with cli.release_signing_key (or RELEASE_PUBLIC_KEY): this release was signed by another key`);
  }
  let listed: Map<string, string>;
  try {
    listed = requireSha256Sums(sums.toString('utf8'));
  } catch (error) {
    if (!(error instanceof Sha256SumsError)) throw error;
    return fail(`${sumsFile} ${error.message}`);
  }
  const archives: Record<string, string> = {};
  for (const target of site.cli.targets) {
    const name = toArchiveName(site.cli.binary, target);
    const sum = listed.get(name);
    if (sum) archives[name] = sum;
  }
  if (Object.keys(archives).length === 0) {
    fail(`${sumsFile} lists no archive of cli.targets (${site.cli.targets.join(', ')})`);
  }
  return { version, archives, sums: toSha256Hex(sums) };
}
