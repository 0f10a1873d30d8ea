import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { toArchiveName } from '../runtime/release/archive-name.ts';
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
// sha256sum's format: the hash, a space, then a space (text) or `*` (binary), then the name.
const SUMS_LINE = /^([0-9a-fA-F]{64}) [ *](\S+)$/;
const VERSION = /^[A-Za-z0-9._+-]+$/;

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
  let version: unknown;
  try {
    version = (JSON.parse(read(join(dir, 'release.json'), 'the release manifest').toString('utf8')) as { version?: unknown }).version;
  } catch (error) {
    if (error instanceof ContentError) throw error;
    return fail(`${join(dir, 'release.json')}: not JSON (${(error as Error).message})`);
  }
  if (typeof version !== 'string' || !VERSION.test(version)) return fail(`${join(dir, 'release.json')}: no valid "version"`);
  const folder = join(dir, 'download', `v${version}`);
  const sums = read(join(folder, 'SHA256SUMS'), 'the release checksums');
  const signature = read(join(folder, 'SHA256SUMS.sig'), 'the signature of SHA256SUMS').toString('utf8');
  const namespace = toReleaseNamespace(site.cli.binary);
  if (!verifySshSignature(sums, signature, site.cli.release_signing_key, namespace)) {
    fail(
      `${join(folder, 'SHA256SUMS.sig')} does not verify with cli.release_signing_key (or RELEASE_PUBLIC_KEY): this release was signed by another key`,
    );
  }
  const listed = new Map<string, string>();
  sums
    .toString('utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '') return;
      const match = SUMS_LINE.exec(line.replace(/\r$/, ''));
      if (!match) fail(`${join(folder, 'SHA256SUMS')} line ${i + 1} is not "<sha256>  <file>"`);
      listed.set(match[2]!, match[1]!.toLowerCase());
    });
  const archives: Record<string, string> = {};
  for (const target of site.cli.targets) {
    const name = toArchiveName(site.cli.binary, target);
    const sum = listed.get(name);
    if (sum) archives[name] = sum;
  }
  if (Object.keys(archives).length === 0) {
    fail(`${join(folder, 'SHA256SUMS')} lists no archive of cli.targets (${site.cli.targets.join(', ')})`);
  }
  return { version, archives, sums: createHash('sha256').update(sums).digest('hex') };
}
