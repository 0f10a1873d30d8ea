import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BuildDefaults } from '../build-defaults.ts';
import { buildSea } from './build-sea.ts';
import { bundleCli } from './bundle-cli.ts';
import { getNodeRuntime, toHostTarget } from './node-runtime.ts';
import { toReleaseInputsHash } from './release-inputs.ts';
import { toReleaseFolders, toSha256Sums, writeArchive } from './write-archive.ts';

/** What a release is built from and where it goes. */
export interface ReleaseOptions {
  /** The project root (where cli/ and package-lock.json are). */
  root: string;
  outDir: string;
  defaults: BuildDefaults;
  targets: string[];
  /** Where Node binaries of other targets are kept between builds. */
  cacheDir: string;
  log(line: string): void;
}

/** What a release folder holds (`<outDir>/release.json`). */
export interface ReleaseManifest {
  version: string;
  inputs: string;
  built: Record<string, { sha256: string; bytes: number; binaryBytes: number; stripped: boolean }>;
  skipped: Record<string, string>;
}

const MANIFEST = 'release.json';

/** The manifest of an existing release folder, if any. */
export function readReleaseManifest(outDir: string): ReleaseManifest | undefined {
  try {
    return JSON.parse(readFileSync(join(outDir, MANIFEST), 'utf8')) as ReleaseManifest;
  } catch {
    return undefined;
  }
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
 * Builds `warden-<target>.tar.gz` for every target whose Node runtime the registry provides, plus
 * SHA256SUMS, in the installer's layout (`download/v<version>/` and `latest/download/`). Skips the work
 * when the folder was built from the same inputs; returns the manifest.
 */
export async function buildRelease(o: ReleaseOptions): Promise<ReleaseManifest> {
  const version = o.defaults.version;
  const nodeVersion = process.versions.node;
  const inputs = toReleaseInputsHash(o.root, { defaults: o.defaults, targets: o.targets });
  const existing = readReleaseManifest(o.outDir);
  if (existing?.inputs === inputs && Object.keys(existing.built).every((t) => existsSync(join(toReleaseFolders(o.outDir, version).pinned, `${o.defaults.binary}-${t}.tar.gz`)))) {
    return existing;
  }
  rmSync(o.outDir, { recursive: true, force: true });
  const { pinned, latest } = toReleaseFolders(o.outDir, version);
  mkdirSync(pinned, { recursive: true });
  mkdirSync(latest, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'warden-release-'));
  const manifest: ReleaseManifest = { version, inputs, built: {}, skipped: {} };
  try {
    o.log(`bundling the CLI (${o.defaults.binary} ${version}, base URL ${o.defaults.baseUrl})`);
    const scripts = await bundleCli(resolve(o.root, 'cli'), o.defaults);
    const sums: Record<string, string> = {};
    for (const target of o.targets) {
      const node = getNodeRuntime(target, nodeVersion, o.cacheDir, o.log);
      if (!node) {
        manifest.skipped[target] = `the npm registry has no node-${target}@${nodeVersion}`;
        o.log(`skipping ${target}: ${manifest.skipped[target]}`);
        continue;
      }
      o.log(`building ${target}`);
      const dir = join(work, target);
      mkdirSync(dir);
      const binary = join(dir, o.defaults.binary);
      const { stripped } = await buildSea({ scripts, node, out: binary, work: dir, codeCache: target === toHostTarget(), macho: target.startsWith('darwin-') });
      const name = `${o.defaults.binary}-${target}.tar.gz`;
      sums[name] = await writeArchive(binary, join(pinned, name));
      manifest.built[target] = { sha256: sums[name], bytes: statSync(join(pinned, name)).size, binaryBytes: statSync(binary).size, stripped };
    }
    writeFileSync(join(pinned, 'SHA256SUMS'), toSha256Sums(sums));
    for (const name of [...Object.keys(sums), 'SHA256SUMS']) place(join(pinned, name), join(latest, name));
    writeFileSync(join(o.outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
