import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildRelease } from '../../../cli/build/build-release.ts';
import { readMachine } from '../../../cli/core/machine.ts';
import { toTarget } from '../../../cli/core/release-sums.ts';
import { toBuildDefaults } from '../../../cli/to-build-defaults.ts';
import { getContentDir, readContent } from '../../../content-model/read-content.ts';
import { LOCAL, toLocalUrl } from '../../../runtime/local-defaults.ts';
import { getLocalSigningKey } from '../../../runtime/node/signing-key.ts';
import { MANIFEST_FILE } from '../../../runtime/release/release-layout.ts';
import { readReleaseManifest, type ReleaseManifest } from '../../../runtime/release/release-manifest.ts';

/** The release folder the tests build once (cached by its inputs' hash across runs) and install from. */
export const TEST_RELEASE_DIR = resolve('.test-dist-cli/release');
const BIN_DIR = resolve('.test-dist-cli/bin');
/** The tests' release signing key, made once and kept beside the release (as `npm start` keeps its own). */
export const TEST_SIGNING_KEY = getLocalSigningKey(resolve('.test-dist-cli/release-signing-key.pem'));
/**
 * What the test site build (.test-dist) is given to pin the test release into its installers, as `npm start` gives
 * its build the release it serves: the folder, and the key that release is signed with.
 */
export const TEST_RELEASE_ENV = { RELEASE_DIR: TEST_RELEASE_DIR, RELEASE_PUBLIC_KEY: TEST_SIGNING_KEY.publicKeyLine };
/** The content the test release is built from: the local system's defaults, as `npm start` builds it. */
export const TEST_SITE = readContent(getContentDir(), {
  BASE_URL: toLocalUrl(LOCAL.edgePort),
  RELEASE_ARCHIVE: `${toLocalUrl(LOCAL.sandboxPort)}/releases/cli`,
  RELEASE_PUBLIC_KEY: TEST_SIGNING_KEY.publicKeyLine,
}).site;
/** This machine's target, as its installer chooses it (a processor without AVX2 gets the -baseline build). */
export const HOST_TARGET = toTarget(process.platform, process.arch, TEST_SITE.cli.targets, readMachine())!;
export const BINARY = TEST_SITE.cli.binary;

/**
 * Builds the release of every target into TEST_RELEASE_DIR unless it is up to date, and unpacks the host's binary
 * (called from the global setup, once, so no test runs a binary that another worker is still writing). The
 * release tests build it a second time and compare (test/release/release-targets.test.ts).
 */
export async function buildTestRelease(): Promise<ReleaseManifest> {
  const manifest = await buildRelease({
    root: process.cwd(),
    outDir: TEST_RELEASE_DIR,
    defaults: toBuildDefaults(TEST_SITE),
    targets: TEST_SITE.cli.targets,
    signingKey: TEST_SIGNING_KEY,
    log: () => {},
  });
  if (!manifest.built[HOST_TARGET]) throw new Error(`no ${HOST_TARGET} release was built`);
  const unpacked = join(BIN_DIR, `${manifest.built[HOST_TARGET].sha256}`);
  if (!existsSync(join(unpacked, BINARY))) {
    rmSync(BIN_DIR, { recursive: true, force: true });
    mkdirSync(unpacked, { recursive: true });
    execFileSync('tar', ['-xzf', toArchivePath(TEST_RELEASE_DIR), '-C', unpacked]);
  }
  return manifest;
}

/** The path of the archive of `target` in a release folder (the pinned version's folder). */
export function toArchivePath(releaseDir: string, target = HOST_TARGET): string {
  return join(releaseDir, 'download', `v${TEST_SITE.product.version}`, `${BINARY}-${target}.tar.gz`);
}

/** The test release's binary, unpacked by the global setup. */
export function getWardenBinary(): string {
  const sha = existsSync(join(TEST_RELEASE_DIR, MANIFEST_FILE))
    ? readReleaseManifest(TEST_RELEASE_DIR).built[HOST_TARGET]?.sha256
    : undefined;
  const binary = join(BIN_DIR, sha ?? 'none', BINARY);
  if (!existsSync(binary)) throw new Error(`no ${BINARY} binary in ${BIN_DIR}: the global setup builds it`);
  return binary;
}

/** A fresh, empty HOME (with XDG_CONFIG_HOME under it) and the environment that points there. */
export function freshHome(): { home: string; configDir: string; env: Record<string, string>; remove(): void } {
  const home = mkdtempSync(join(tmpdir(), 'warden-home-'));
  const config = join(home, '.config');
  return {
    home,
    configDir: join(config, BINARY),
    env: { HOME: home, XDG_CONFIG_HOME: config, PATH: process.env.PATH ?? '/usr/bin:/bin', TMPDIR: tmpdir() },
    remove: () => rmSync(home, { recursive: true, force: true }),
  };
}

/** What a finished run printed and returned. */
export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command with only the given environment, optional stdin, and a time limit. */
export function run(command: string, args: string[], o: { env: Record<string, string>; input?: string; timeoutMs?: number }): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { env: o.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 30_000);
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
    child.stdin.on('error', () => {});
    child.stdin.end(o.input ?? '');
  });
}
