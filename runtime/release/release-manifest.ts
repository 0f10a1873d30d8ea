import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { isReleaseVersion, MANIFEST_FILE } from './release-layout.ts';

/**
 * A release folder's manifest (MANIFEST_FILE), as the release build writes it and `npm run release`'s callers, the
 * site's pins and the tests read it: one schema, so every reader sees the same fields and a bad file fails the same way.
 */

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'not a lower-case SHA-256 (64 hex digits)');
const count = z.number().int().nonnegative();
/** A project file as the bundler names it: relative to the project root, forward slashes, never leaving the root. */
const source = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.split('/').includes('..'), 'not a path inside the project');

/** One target's archive in the version's folder. */
const builtTargetSchema = z.strictObject({
  archive: z.string().min(1),
  sha256,
  /** The archive's size. */
  bytes: count,
  /** The binary's size before it was archived. */
  binaryBytes: count,
  /** macOS: whether the compiler's ad-hoc signature had to be made again over the final bytes. */
  resigned: z.boolean().optional(),
});

/** `release.json`: the version, what the release was made from, and each target's archive. */
export const releaseManifestSchema = z.strictObject({
  version: z.string().refine(isReleaseVersion, 'not a version a release folder can name (letters, digits and ._+-)'),
  /** The hash of the sources' bytes, the lock and the facts given (cli/build/release-inputs.ts): equal hash, equal release. */
  inputs: sha256,
  /** The compiler the binaries embed as their runtime (`bun <version>`). */
  runtime: z.string().min(1),
  /** The project files the release is made from (what Bun bundled, and the release build itself), sorted. */
  sources: z.array(source),
  /** Target → its archive, in the order the targets were given. */
  built: z.record(z.string().min(1), builtTargetSchema),
});

/** What a release folder's manifest holds. */
export type ReleaseManifest = z.infer<typeof releaseManifestSchema>;
/** One built target of a release. */
export type BuiltTarget = z.infer<typeof builtTargetSchema>;

/** A manifest that cannot be read or breaks the schema; the message names the file and each field. */
export class ReleaseManifestError extends Error {
  override name = 'ReleaseManifestError';
  readonly code = 'RELEASE_MANIFEST_INVALID';
  readonly file: string;
  readonly problems: string[];
  constructor(file: string, problems: string[]) {
    super(`${file}: ${problems.join('; ')}`);
    this.file = file;
    this.problems = problems;
  }
}

/** `value` checked against the schema; throws a ReleaseManifestError naming `file` and each bad field. */
function requireReleaseManifest(file: string, value: unknown): ReleaseManifest {
  const result = releaseManifestSchema.safeParse(value);
  if (result.success) return result.data;
  throw new ReleaseManifestError(
    file,
    result.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(file)'}: ${i.message}`),
  );
}

/** The manifest of the release folder `dir`; throws a ReleaseManifestError when it is missing, not JSON or not a manifest. */
export function readReleaseManifest(dir: string): ReleaseManifest {
  const file = join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ReleaseManifestError(file, [
      `cannot read the release manifest (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    ]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ReleaseManifestError(file, [`not JSON (${(error as Error).message})`]);
  }
  return requireReleaseManifest(file, value);
}

/** The manifest as the release build writes it: two-space JSON and a final newline, the same bytes for the same release. */
export function toReleaseManifestText(manifest: ReleaseManifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
