import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRelease } from '../../cli/build/build-release.ts';
import { readReleaseManifest, type ReleaseManifest } from '../../runtime/release/release-manifest.ts';
import { verifyCodeSignature } from '../../cli/build/macho/verify-code-signature.ts';
import { toBuildDefaults } from '../../cli/to-build-defaults.ts';
import { SUMS_FILE, SUMS_SIGNATURE_FILE } from '../../runtime/release/release-layout.ts';
import { requireSha256Sums } from '../../runtime/release/sha256-sums.ts';
import { toReleaseNamespace, verifySshSignature } from '../../runtime/release/ssh-signature.ts';
import { PATHS } from '../../facts/paths.ts';
import { readPeFile } from '../helpers/cli/pe-file.ts';
import { startLocalSystem, type LocalSystem } from '../helpers/cli/local-system.ts';
import { BINARY, freshHome, TEST_RELEASE_DIR, TEST_SIGNING_KEY, TEST_SITE } from '../helpers/cli/warden-binary.ts';
import { MUSL_COMPAT, runsOn } from '../helpers/cli/foreign-runners.ts';

// Every target of content/site.yaml, built by the real release build (the one `npm run release` runs) into
// TEST_RELEASE_DIR by the test set-up, then checked as far as this Linux machine can: every archive in the signed
// SHA256SUMS, macOS signatures page by page, every Linux binary run (arm64 under qemu-user, musl under musl's loader),
// the Windows binary's PE facts. Reproducibility is shown by building again one target of each kind of output and
// comparing its bytes with the set-up's (REBUILT).
const version = TEST_SITE.product.version;
const work = mkdtempSync(join(tmpdir(), 'warden-release-targets-'));
const home = freshHome();
const releases = { a: TEST_RELEASE_DIR, b: join(work, 'b') };
const folder = (release: 'a' | 'b') => join(releases[release], 'download', `v${version}`);
let first: ReleaseManifest;
let second: ReleaseManifest;
let system: LocalSystem;
const unpacked: Record<string, string> = {};

/**
 * The targets built a second time to show the build reproducible: one per path through cli/build/build-release.ts.
 * Every target is compiled by the same `bun build --compile` call (compileBinary: only `--target` and the baked-in
 * target name differ, the runtime being Bun's for that target); what follows differs by kind: a Linux binary goes
 * into a tar.gz as it is; a darwin one first has its code signature checked and, when Bun's is wrong, made again
 * (requireValidSignature; the manifest's `resigned`), then a tar.gz; a Windows one goes into a zip (fflate, fixed
 * entry time). So: linux-x64, the first darwin target the set-up had to re-sign (else the first darwin one), and
 * windows-x64. The -baseline, arm64 and musl variants take the linux-x64 path with another Bun runtime.
 */
const toRebuilt = (manifest: ReleaseManifest): string[] => {
  const darwin = Object.keys(manifest.built).filter((t) => t.startsWith('darwin-'));
  return ['linux-x64', darwin.find((t) => manifest.built[t]!.resigned) ?? darwin[0]!, 'windows-x64'];
};
let REBUILT: string[] = [];

beforeAll(async () => {
  first = readReleaseManifest(TEST_RELEASE_DIR);
  REBUILT = toRebuilt(first);
  second = await buildRelease({
    root: process.cwd(),
    outDir: releases.b,
    defaults: toBuildDefaults(TEST_SITE),
    targets: REBUILT,
    signingKey: TEST_SIGNING_KEY,
    log: () => {},
  });
  for (const [target, built] of Object.entries(first.built)) {
    const dir = join(work, 'unpacked', target);
    mkdirSync(dir, { recursive: true });
    const archive = join(folder('a'), built.archive);
    if (built.archive.endsWith('.zip')) {
      for (const [name, bytes] of Object.entries(unzipSync(readFileSync(archive)))) writeFileSync(join(dir, name), bytes, { mode: 0o755 });
    } else {
      execFileSync('tar', ['-xzf', archive, '-C', dir]);
    }
    unpacked[target] = dir;
  }
  system = await startLocalSystem({ releaseDir: TEST_RELEASE_DIR });
}, 900_000);
afterAll(async () => {
  await system?.close();
  home.remove();
  rmSync(work, { recursive: true, force: true });
});

describe('one npm run release builds every target', () => {
  it('builds exactly the targets content/site.yaml lists, ten of them, each archive named for its target', () => {
    expect(Object.keys(first.built).sort()).toEqual([...TEST_SITE.cli.targets].sort());
    expect([...TEST_SITE.cli.targets].sort()).toEqual(
      [
        'darwin-arm64',
        'darwin-x64',
        'darwin-x64-baseline',
        'linux-x64',
        'linux-x64-baseline',
        'linux-arm64',
        'linux-x64-musl',
        'linux-x64-musl-baseline',
        'windows-x64',
        'windows-x64-baseline',
      ].sort(),
    );
    for (const target of ['windows-x64', 'windows-x64-baseline']) {
      expect(first.built[target]!.archive).toBe(`${BINARY}-${target}.zip`);
      expect(readdirSync(unpacked[target]!)).toEqual([`${BINARY}.exe`]);
    }
    for (const target of TEST_SITE.cli.targets.filter((t) => !t.startsWith('windows-')))
      expect(readdirSync(unpacked[target]!), target).toEqual([BINARY]);
  });

  it('SHA256SUMS lists every archive and nothing else, and each checksum holds', () => {
    const listed = [...requireSha256Sums(readFileSync(join(folder('a'), SUMS_FILE), 'utf8')).keys()].sort();
    expect(listed).toEqual(
      Object.values(first.built)
        .map((b) => b.archive)
        .sort(),
    );
    expect(
      execFileSync('sha256sum', ['--check', SUMS_FILE], { cwd: folder('a'), encoding: 'utf8' })
        .trim()
        .split('\n'),
    ).toHaveLength(listed.length);
  });

  it("SHA256SUMS is signed by the release key: ssh-keygen -Y verify and the CLI's own check both accept it", () => {
    const allowed = join(work, 'allowed_signers');
    const namespace = toReleaseNamespace(BINARY);
    writeFileSync(allowed, `${namespace} ${TEST_SIGNING_KEY.publicKeyLine}\n`);
    const out = execFileSync(
      'ssh-keygen',
      ['-Y', 'verify', '-f', allowed, '-I', namespace, '-n', namespace, '-s', join(folder('a'), SUMS_SIGNATURE_FILE)],
      { input: readFileSync(join(folder('a'), SUMS_FILE)), encoding: 'utf8' },
    );
    expect(out).toMatch(/^Good "warden-release" signature/);
    expect(
      verifySshSignature(
        readFileSync(join(folder('a'), SUMS_FILE)),
        readFileSync(join(folder('a'), SUMS_SIGNATURE_FILE), 'utf8'),
        TEST_SIGNING_KEY.publicKeyLine,
        namespace,
      ),
    ).toBe(true);
  });

  it('is reproducible: a second build of a Linux, a re-signed macOS and a Windows target gives the same archives, byte for byte', () => {
    expect(REBUILT).toHaveLength(3);
    expect(Object.keys(second.built)).toEqual(REBUILT);
    for (const target of REBUILT) {
      const { archive } = first.built[target]!;
      expect(second.built[target], target).toEqual(first.built[target]);
      expect(readFileSync(join(folder('b'), archive)).equals(readFileSync(join(folder('a'), archive))), archive).toBe(true);
    }
    // Their SHA256SUMS lines are the set-up's; signing the set-up's SHA256SUMS again gives its signature (Ed25519 is
    // deterministic), so the one file made from every archive is reproducible too.
    const lines = (release: 'a' | 'b') =>
      readFileSync(join(folder(release), SUMS_FILE), 'utf8')
        .trim()
        .split('\n');
    expect(lines('b')).toEqual(lines('a').filter((l) => REBUILT.some((t) => l.endsWith(`  ${first.built[t]!.archive}`))));
    const namespace = toReleaseNamespace(BINARY);
    expect(TEST_SIGNING_KEY.sign(readFileSync(join(folder('a'), SUMS_FILE)), namespace)).toBe(
      readFileSync(join(folder('a'), SUMS_SIGNATURE_FILE), 'utf8'),
    );
  });
});

describe('macOS binaries carry a valid ad-hoc signature over their final bytes', () => {
  it.each(['darwin-arm64', 'darwin-x64', 'darwin-x64-baseline'])(
    '%s: every page hash matches the shipped file, and the signed range reaches the signature',
    (target) => {
      const result = verifyCodeSignature(readFileSync(join(unpacked[target]!, BINARY)));
      expect(result.problems).toEqual([]);
      expect(result.ok).toBe(true);
      expect(result.badPages).toEqual([]);
      expect(result.pages).toBeGreaterThan(10_000);
    },
  );
});

describe('every Linux binary runs: --version, and tools/list through warden mcp against the sandbox', () => {
  it.each(['linux-x64', 'linux-x64-baseline', 'linux-arm64', 'linux-x64-musl', 'linux-x64-musl-baseline'])('%s', async (target) => {
    const [command, ...prefix] = runsOn(target, join(unpacked[target]!, BINARY));
    expect(execFileSync(command!, [...prefix, '--version'], { encoding: 'utf8', env: home.env })).toBe(`${BINARY} ${version}\n`);
    const child = spawn(command!, [...prefix, 'mcp'], {
      env: { ...home.env, WARDEN_BASE_URL: system.baseUrl },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    try {
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} })}\n`);
      const answer = JSON.parse(String((await lines.next()).value)) as { id: number; result: { tools: { name: string }[] } };
      const published = (await (await fetch(`${system.baseUrl}${PATHS.toolsJson}`)).json()) as { tools: { name: string }[] };
      expect(answer.id).toBe(1);
      expect(answer.result.tools.map((t) => t.name)).toEqual(published.tools.map((t) => t.name));
    } finally {
      child.stdin.end();
      child.kill();
    }
  });

  it.each(['linux-x64-musl', 'linux-x64-musl-baseline'])(
    "the %s binary runs on musl libc itself, not on glibc: its interpreter is musl's loader",
    (target) => {
      const elf = execFileSync('readelf', ['-l', join(unpacked[target]!, BINARY)], { encoding: 'utf8' });
      expect(elf).toContain('[Requesting program interpreter: /lib/ld-musl-x86_64.so.1]');
      expect(MUSL_COMPAT).toMatch(/libcompat\.so$/);
    },
  );

  it('each -baseline binary is its own build, not a copy of the default one', () => {
    for (const target of TEST_SITE.cli.targets.filter((t) => t.endsWith('-baseline'))) {
      expect(first.built[target]!.sha256, target).not.toBe(first.built[target.replace(/-baseline$/, '')]!.sha256);
    }
  });
});

describe.each(['windows-x64', 'windows-x64-baseline'])(
  'the %s binary, checked as far as this machine can (no Windows loader here runs it)',
  (target) => {
    it('is a 64-bit x64 console program (PE32+, machine AMD64, subsystem console) importing only Windows system DLLs', () => {
      const exe = readFileSync(join(unpacked[target]!, `${BINARY}.exe`));
      const pe = readPeFile(exe);
      expect(pe).toMatchObject({ machine: 0x8664, is64: true, subsystem: 3 });
      const system =
        /^(kernel32|kernelbase|advapi32|bcrypt|bcryptprimitives|crypt32|dbghelp|iphlpapi|ntdll|ole32|oleaut32|psapi|secur32|shell32|shlwapi|user32|userenv|version|winmm|ws2_32|wsock32|mswsock|rpcrt4|dnsapi|netapi32|powrprof|ncrypt|normaliz|pdh|api-ms-win-[a-z0-9-]+|ucrtbase|vcruntime140|msvcrt|synchronization)\.dll$/i;
      expect(pe.imports.length).toBeGreaterThan(0);
      expect(pe.imports.filter((dll) => !system.test(dll))).toEqual([]);
    });

    it('carries the program built for it: the baked-in defaults name its target and the release key', () => {
      // The minified program names the defaults as an object literal: `target:"windows-x64",releaseSigningKey:"…"`.
      const exe = readFileSync(join(unpacked[target]!, `${BINARY}.exe`));
      const baked = `target:${JSON.stringify(target)},releaseSigningKey:${JSON.stringify(TEST_SIGNING_KEY.publicKeyLine)}`;
      expect(exe.includes(baked), `${BINARY}.exe names ${baked}`).toBe(true);
    });
  },
);

it('keeps no stray work files: the release folder holds the two layouts and the manifest only', () => {
  for (const release of ['a', 'b'] as const) {
    const { built } = release === 'a' ? first : second;
    expect(readdirSync(releases[release]).sort(), release).toEqual(['download', 'latest', 'release.json']);
    expect(readdirSync(folder(release)).sort(), release).toEqual(
      [SUMS_FILE, SUMS_SIGNATURE_FILE, ...Object.values(built).map((b) => b.archive)].sort(),
    );
  }
});
