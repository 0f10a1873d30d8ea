/**
 * `npm run release`: builds the CLI's release folder (default `release/`, or RELEASE_DIR) for the targets of
 * content/site.yaml (or RELEASE_TARGETS, comma-separated; `host` for this machine's) whose Node runtime the
 * npm registry provides.
 * BASE_URL and RELEASE_ARCHIVE override the content's base URL and release archive, as for the site build.
 */
import { resolve } from 'node:path';
import { buildRelease } from '../cli/build/build-release.ts';
import { toBuildDefaults } from '../cli/to-build-defaults.ts';
import { toTarget } from '../cli/core/release-sums.ts';
import { ContentError } from '../src/content/content-error.ts';
import { getContentDir, readContent } from '../src/content/read-content.ts';

try {
  const { site } = readContent(getContentDir(), process.env);
  // `host`: this machine's target only (what `npm start` serves), or nothing when no binary is published for it.
  const host = toTarget(process.platform, process.arch, site.cli.targets);
  const wanted = process.env.RELEASE_TARGETS?.split(',').map((t) => t.trim()) ?? site.cli.targets;
  const targets = wanted.flatMap((t) => (t === 'host' ? (host ? [host] : []) : [t]));
  if (wanted.includes('host') && !host) console.error(`release: no ${site.cli.binary} binary is published for ${process.platform}-${process.arch}; nothing to build`);
  const unknown = targets.filter((t) => !site.cli.targets.includes(t));
  if (unknown.length > 0) throw new ContentError('RELEASE_TARGETS', [`${unknown.join(', ')}: not in cli.targets (${site.cli.targets.join(', ')})`]);
  const outDir = resolve(process.env.RELEASE_DIR ?? 'release');
  const manifest = await buildRelease({
    root: process.cwd(), outDir, defaults: toBuildDefaults(site), targets, cacheDir: resolve('node_modules/.cache/warden-node-runtimes'),
    log: (line) => console.error(`release: ${line}`),
  });
  for (const [target, b] of Object.entries(manifest.built)) {
    console.log(`${target}: ${(b.bytes / 1e6).toFixed(1)} MB archive, ${(b.binaryBytes / 1e6).toFixed(1)} MB binary${b.stripped ? ' (stripped)' : ''}, sha256 ${b.sha256}`);
  }
  for (const [target, why] of Object.entries(manifest.skipped)) console.log(`${target}: not built (${why})`);
  console.log(`${outDir}/download/v${manifest.version}/ and ${outDir}/latest/download/`);
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(`npm run release: ${error.message}`);
  process.exit(1);
}
