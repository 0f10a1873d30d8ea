import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BuildDefaults } from '../build-defaults.ts';
import { toReleaseNamespace } from '../../runtime/release/ssh-signature.ts';
import { compileBinary, getBunVersion } from './compile-binary.ts';
import { requireValidSignature } from './macho/require-valid-signature.ts';
import { readBundledSources, toReleaseInputsHash, toReleaseSources } from './release-inputs.ts';
import type { SigningKey } from '../../runtime/node/signing-key.ts';
import { toArchiveName } from '../../runtime/release/archive-name.ts';
import { MANIFEST_FILE, SUMS_FILE, SUMS_SIGNATURE_FILE, toLatestFolder, toVersionFolder } from '../../runtime/release/release-layout.ts';
import {
  type BuiltTarget,
  ReleaseManifestError,
  readReleaseManifest,
  type ReleaseManifest,
  toReleaseManifestText,
} from '../../runtime/release/release-manifest.ts';
import { toSha256Sums } from '../../runtime/release/sha256-sums.ts';
import { writeArchive } from './write-archive.ts';

/** What a release is built from and where it goes. */
export interface ReleaseOptions {
  /** The project root (where cli/ and package-lock.json are). */
  root: string;
  outDir: string;
  defaults: BuildDefaults;
  targets: string[];
  /** Signs SHA256SUMS; its public half must be the one the installers and the binaries carry. */
  signingKey: SigningKey;
  log(line: string): void;
}

/** The facts a release is made from besides its files: equal facts and sources, equal release. */
function toReleaseFacts(o: ReleaseOptions, runtime: string): unknown {
  return { defaults: o.defaults, targets: o.targets, runtime, key: o.signingKey.publicKeyLine };
}

/**
 * The release in `o.outDir` when it is current: its recorded sources, the lock and the facts hash as they did when
 * it was built, and every archive is there. No compile: the recorded sources are what is hashed again. Undefined
 * when there is no release, its manifest is bad (said in the log), or it is stale.
 */
export function getCurrentRelease(o: ReleaseOptions): ReleaseManifest | undefined {
  if (!existsSync(join(o.outDir, MANIFEST_FILE))) return undefined;
  let existing: ReleaseManifest;
  try {
    existing = readReleaseManifest(o.outDir);
  } catch (error) {
    if (!(error instanceof ReleaseManifestError)) throw error;
    o.log(`${error.message}: building it again`);
    return undefined;
  }
  const inputs = toReleaseInputsHash(o.root, existing.sources, toReleaseFacts(o, `bun ${getBunVersion()}`));
  const pinned = toVersionFolder(o.outDir, existing.version);
  const whole = Object.values(existing.built).every((b) => existsSync(join(pinned, b.archive)));
  return existing.inputs === inputs && whole ? existing : undefined;
}

/** Hard link, or copy where the file system has none. */
function place(from: string, to: string): void {
  rmSync(to, { force: true });
  try {
    linkSync(from, to);
  } catch {
    writeFileSync(to, readFileSync(from));
  }
}

/**
 * Builds the archive of every target, SHA256SUMS and its SSH signature, in the installers' layout
 * (`download/v<version>/` and `latest/download/`). Every macOS binary's code signature is checked page by page
 * and made again when it does not match. Skips the work when the folder was built from the same inputs;
 * returns the manifest.
 */
export async function buildRelease(o: ReleaseOptions): Promise<ReleaseManifest> {
  const current = getCurrentRelease(o);
  if (current) return current;
  const version = o.defaults.version;
  const runtime = `bun ${getBunVersion()}`;
  const pinned = toVersionFolder(o.outDir, version);
  const latest = toLatestFolder(o.outDir);

  rmSync(o.outDir, { recursive: true, force: true });
  mkdirSync(pinned, { recursive: true });
  mkdirSync(latest, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'warden-release-'));
  const built: Record<string, BuiltTarget> = {};
  // The project files the bundles read, every target's: a target may leave out code another keeps.
  const bundled = new Set<string>();
  try {
    const sums: Record<string, string> = {};
    // Each target is compiled in turn (Bun uses every core for one) and archived while the next compiles: maximum
    // compression is most of a release's time, and it runs off the main thread.
    const archiving = new Set<Promise<void>>();
    try {
      for (const target of o.targets) {
        o.log(`building ${target} (${runtime})`);
        const dir = join(work, target);
        mkdirSync(dir);
        const metafile = join(work, `${target}.json`);
        const binary = compileBinary({
          root: o.root,
          entry: resolve(o.root, 'cli/bin.ts'),
          defaults: { ...o.defaults, target },
          target,
          outDir: dir,
          metafile,
        });
        for (const source of readBundledSources(metafile)) bundled.add(source);
        const resigned = target.startsWith('darwin-') ? requireValidSignature(binary) : undefined;
        const archive = toArchiveName(o.defaults.binary, target);
        const job: Promise<void> = writeArchive(binary, join(pinned, archive))
          .then((sha256) => {
            sums[archive] = sha256;
            built[target] = {
              archive,
              sha256,
              bytes: statSync(join(pinned, archive)).size,
              binaryBytes: statSync(binary).size,
              ...(resigned === undefined ? {} : { resigned }),
            };
          })
          .finally(() => archiving.delete(job));
        archiving.add(job);
        if (archiving.size >= availableParallelism()) await Promise.race(archiving);
      }
    } finally {
      await Promise.allSettled(archiving);
    }
    const sources = toReleaseSources(o.root, bundled);
    const inputs = toReleaseInputsHash(o.root, sources, toReleaseFacts(o, runtime));
    // In the order of the targets, whichever archive was done first.
    const manifest: ReleaseManifest = {
      version,
      inputs,
      runtime,
      sources,
      built: Object.fromEntries(o.targets.map((t) => [t, built[t]!])),
    };
    const sumsText = toSha256Sums(sums);
    writeFileSync(join(pinned, SUMS_FILE), sumsText);
    writeFileSync(join(pinned, SUMS_SIGNATURE_FILE), o.signingKey.sign(Buffer.from(sumsText), toReleaseNamespace(o.defaults.binary)));
    for (const name of [...Object.keys(sums), SUMS_FILE, SUMS_SIGNATURE_FILE]) place(join(pinned, name), join(latest, name));
    writeFileSync(join(o.outDir, MANIFEST_FILE), toReleaseManifestText(manifest));
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
