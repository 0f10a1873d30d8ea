/**
 * `npm run release`: builds the CLI's release folder (default `release/`, or RELEASE_DIR) for every target of
 * content/site.yaml (or RELEASE_TARGETS, comma-separated; `host` for this machine's), and signs its SHA256SUMS
 * with the PKCS#8 Ed25519 key in the file RELEASE_SIGNING_KEY, whose public half must be the content's
 * `cli.release_signing_key` (or RELEASE_PUBLIC_KEY's). BASE_URL and RELEASE_ARCHIVE override the content's base
 * URL and release archive, as for the site build.
 */
import { resolve } from 'node:path';
import { buildRelease } from '../cli/build/build-release.ts';
import { toBuildDefaults } from '../cli/to-build-defaults.ts';
import { readMachine } from '../cli/core/machine.ts';
import { toTarget } from '../cli/core/release-sums.ts';
import { ContentError } from '../content-model/content-error.ts';
import { getContentDir, readContent } from '../content-model/read-content.ts';
import { readSigningKey, type SigningKey } from '../runtime/node/signing-key.ts';
import { SUMS_FILE, SUMS_SIGNATURE_FILE, toLatestFolder, toVersionFolder } from '../runtime/release/release-layout.ts';

try {
  // RELEASE_DIR is this build's output here, not a release for the site to pin.
  const { site } = readContent(getContentDir(), { ...process.env, RELEASE_DIR: undefined });
  // `host`: this machine's target only (what `npm start` serves), as its installer would choose it, or nothing when
  // no binary is published for it.
  const host = toTarget(process.platform, process.arch, site.cli.targets, readMachine());
  const wanted = process.env.RELEASE_TARGETS?.split(',').map((t) => t.trim()) ?? site.cli.targets;
  const targets = wanted.flatMap((t) => (t === 'host' ? (host ? [host] : []) : [t]));
  if (wanted.includes('host') && !host)
    console.error(`release: no ${site.cli.binary} binary is published for ${process.platform}-${process.arch}; nothing to build`);
  const unknown = targets.filter((t) => !site.cli.targets.includes(t));
  if (unknown.length > 0)
    throw new ContentError('RELEASE_TARGETS', [`${unknown.join(', ')}: not in cli.targets (${site.cli.targets.join(', ')})`]);
  const keyFile = process.env.RELEASE_SIGNING_KEY;
  if (!keyFile)
    throw new ContentError('RELEASE_SIGNING_KEY', [
      'not set: name the PEM file of the Ed25519 key whose public half is cli.release_signing_key (or RELEASE_PUBLIC_KEY)',
    ]);
  let signingKey: SigningKey;
  try {
    signingKey = readSigningKey(resolve(keyFile));
  } catch (error) {
    throw new ContentError('RELEASE_SIGNING_KEY', [(error as Error).message]);
  }
  if (signingKey.publicKeyLine !== site.cli.release_signing_key) {
    throw new ContentError('RELEASE_SIGNING_KEY', [
      `its public half (${signingKey.publicKeyLine}) is not the installers' key (${site.cli.release_signing_key}): they would refuse this release`,
    ]);
  }
  const outDir = resolve(process.env.RELEASE_DIR ?? 'release');
  const manifest = await buildRelease({
    root: process.cwd(),
    outDir,
    defaults: toBuildDefaults(site),
    targets,
    signingKey,
    log: (line) => console.error(`release: ${line}`),
  });
  for (const [target, b] of Object.entries(manifest.built)) {
    console.log(
      `${target}: ${b.archive}, ${(b.bytes / 1e6).toFixed(1)} MB (binary ${(b.binaryBytes / 1e6).toFixed(1)} MB${b.resigned ? ', signed again' : ''}), sha256 ${b.sha256}`,
    );
  }
  console.log(`${toVersionFolder(outDir, manifest.version)}/ and ${toLatestFolder(outDir)}/ (${SUMS_FILE} signed: ${SUMS_SIGNATURE_FILE})`);
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(`npm run release: ${error.message}`);
  process.exit(1);
}
