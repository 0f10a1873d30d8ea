import { once } from 'node:events';
import { spawn, execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readMachine } from '../../cli/core/machine.ts';
import { toTarget } from '../../cli/core/release-sums.ts';
import { readContent } from '../../content-model/read-content.ts';
import { readReleasePins } from '../../content-model/read-release-pins.ts';
import { toInstaller, type InstallerPins } from '../../installers/to-installer.ts';
import { APP_URL, BASE_URL } from '../helpers/built-site.ts';
import { toArchiveName } from '../../runtime/release/archive-name.ts';
import { getLocalSigningKey } from '../../runtime/node/signing-key.ts';
import { sha256, writeArchive, writeRelease, writeSums } from '../helpers/installers/fake-release.ts';
import {
  onMachine,
  prepareMachineFakes,
  which,
  writeFakeCommands,
  type FakeLinux,
  type MachineFakes,
} from '../helpers/installers/fake-machine.ts';

// The real installer, filled from the real content and pinning a release the way the site build pins one (the
// build's own reader, over a release folder laid out as `npm run release` writes it), run by real shells against
// release folders served on a loopback port, signed with a real key. Nothing is mocked: other machines are made with
// bind mounts over the files the installer reads (fake-machine.ts) and fake `uname`/`sysctl` commands.

const KEY = getLocalSigningKey(resolve('.test-dist-cli/release-signing-key.pem'));
/** Another key: what an attacker who replaced a whole release folder could sign with. */
const ATTACKER = getLocalSigningKey(resolve('.test-dist-cli/attacker-signing-key.pem'));
const { site } = readContent(undefined, { BASE_URL, APP_URL, RELEASE_PUBLIC_KEY: KEY.publicKeyLine });
const template = readFileSync(resolve('installers/install.sh'), 'utf8');
const BIN = site.cli.binary;
const ENV = site.cli.env_prefix;
const UNIX = site.cli.targets.filter((t) => !t.startsWith('windows-'));
/** This machine's target, as `warden self update` picks it (cli/core/machine.ts): the installer must agree. */
const HOST = toTarget(process.platform, process.arch, site.cli.targets, readMachine())!;
const PINNED = '1.3.0';

let work: string;
let releases: string;
let server: Server;
let origin: string;
let fakes: MachineFakes;
/** Paths the release host was asked for, in order. */
let requests: string[] = [];
/** The installer the site serves, pinning release `main` (1.3.0); and one from a site built without a release. */
let pinnedScript: string;
const unpinnedScript = toInstaller(site, template);

// ---- release folders ---------------------------------------------------------------------------------------------

/** The pins the site build reads from release folder `name` (RELEASE_DIR). */
function pinsOf(name: string): InstallerPins {
  const pins = readReleasePins(site, { RELEASE_DIR: join(releases, name) });
  if (!pins) throw new Error(`no pins for ${name}`);
  return pins;
}

/**
 * A copy of release `main` as folder `name`, tampered as a compromised download host would: the archive after the sums
 * were made, the sums after they were signed, or both consistently (a new archive, its true checksum, the sums signed
 * again by another key), or the signature removed.
 */
function publishTampered(name: string, tamper: 'archive' | 'sums' | 'both' | 'unsigned') {
  const dir = join(releases, name);
  cpSync(join(releases, 'main'), dir, { recursive: true });
  for (const folder of [join(dir, 'download', `v${PINNED}`), join(dir, 'latest', 'download')]) {
    for (const target of UNIX) {
      const archive = join(folder, toArchiveName(BIN, target));
      if (tamper === 'archive') writeFileSync(archive, Buffer.concat([readFileSync(archive), Buffer.from('evil')]));
      if (tamper === 'both') writeArchive(folder, BIN, target, `${PINNED}-evil`);
    }
    if (tamper === 'both') writeSums(folder, BIN, ATTACKER);
    if (tamper === 'sums') writeFileSync(join(folder, 'SHA256SUMS'), `${sha256(Buffer.from('evil'))}  ${toArchiveName(BIN, HOST)}\n`);
    if (tamper === 'unsigned') rmSync(join(folder, 'SHA256SUMS.sig'));
  }
}

function startServer(root: string): Promise<Server> {
  const s = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(path);
    if (path.startsWith('/hang/')) return; // never answers: for the signal test
    const file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((ok) => s.listen(0, '127.0.0.1', () => ok(s)));
}

// ---- running the installer ---------------------------------------------------------------------------------------

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

interface Case {
  home: string;
  tmp: string;
  /** ~/.local/bin under the fake home. */
  defaultDir: string;
}

let c: Case;

interface RunOptions {
  env?: Record<string, string>;
  shell?: string;
  source?: string | Buffer;
  /** Runs the installer on this Linux, made with bind mounts (the shell is then the copy of dash). */
  machine?: FakeLinux;
  onSpawn?: (pid: number) => void;
}

/** Pipes the installer into `<shell> -s -- ...args`, as `curl ... | sh -s -- args` does; from release `main` by default. */
function run(args: string[] = [], opts: RunOptions = {}): Promise<Run> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: c.home,
    TMPDIR: c.tmp,
    [`${ENV}_DOWNLOAD_URL`]: `${origin}/main`,
    ...opts.env,
  };
  const shell = opts.machine ? fakes.shell : which(opts.shell ?? 'dash');
  const [command, argv] = opts.machine ? onMachine(fakes, opts.machine, shell, ['-s', '--', ...args]) : [shell, ['-s', '--', ...args]];
  return new Promise((ok, fail) => {
    const child = spawn(command, argv, { env, detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code, signal) => ok({ code, signal, stdout, stderr }));
    child.stdin.on('error', () => {}); // a shell that stops reading early (syntax error) closes stdin
    child.stdin.end(opts.source ?? pinnedScript);
    if (opts.onSpawn && child.pid) opts.onSpawn(child.pid);
  });
}

/** A folder of links to the named commands only, for a PATH without the rest. */
function pathWith(names: string[]): string {
  const dir = mkdtempSync(join(work, 'bin-'));
  for (const name of names) symlinkSync(which(name), join(dir, name));
  return dir;
}

/** What the installer needs besides a downloader and a SHA-256 tool: no ssh-keygen, no ldd. */
const BASICS = ['uname', 'mktemp', 'tar', 'gzip', 'awk', 'tr', 'dd', 'chmod', 'mkdir', 'mv', 'cp', 'rm', 'cat'];
let minimalPath: string;

/** A PATH whose first folder holds fake `uname`/`sysctl` reporting the machine, then the minimal tools only. */
function fakePath(o: { os: string; arch: string; translated?: boolean; avx2?: boolean }): string {
  return `${writeFakeCommands(fakes, mkdtempSync(join(work, 'fake-')), o)}${delimiter}${minimalPath}`;
}

function expectInstalled(dir: string, label: string) {
  const file = join(dir, BIN);
  expect(existsSync(file), `${file} should exist`).toBe(true);
  expect(statSync(file).mode & 0o777).toBe(0o755);
  expect(execFileSync(file, { encoding: 'utf8' }).trim()).toBe(`${BIN} ${label}`);
  expect(readdirSync(dir)).toEqual([BIN]); // no staged temp file left behind
}

function expectNothingInstalled() {
  expect(existsSync(join(c.home, '.local'))).toBe(false);
}

/** The lines the installer printed as errors: a refusal is exactly one. */
const errorLines = (r: Run) => r.stderr.split('\n').filter((l) => l.startsWith(`${BIN}: error`));

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'warden-installer-'));
  releases = join(work, 'release');
  fakes = prepareMachineFakes(join(work, 'machine'));
  minimalPath = pathWith([...BASICS, 'curl', 'sha256sum']);
  // Release 1.2.3, then 1.3.0, the latest, whose release.json the folder keeps: the release the site pins.
  writeRelease(join(releases, 'main'), { binary: BIN, version: '1.2.3', targets: UNIX, key: KEY });
  writeRelease(join(releases, 'main'), { binary: BIN, version: PINNED, targets: UNIX, key: KEY, latest: true });
  for (const tamper of ['archive', 'sums', 'both', 'unsigned'] as const) {
    publishTampered(`tampered-${tamper}`, tamper);
    // The same tampering in another release than the pinned one, which only its signature can vouch for.
    cpSync(join(releases, `tampered-${tamper}`, 'latest', 'download'), join(releases, 'main', 'download', `v1.4.0-${tamper}`), {
      recursive: true,
    });
  }
  // The release the site was built with: its archives as published, before any tampering.
  pinnedScript = toInstaller(site, template, pinsOf('main'));
  server = await startServer(releases);
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((ok) => server?.close(ok));
  if (work) rmSync(work, { recursive: true, force: true });
});

beforeEach(() => {
  const root = mkdtempSync(join(work, 'case-'));
  c = { home: join(root, 'home'), tmp: join(root, 'tmp'), defaultDir: join(root, 'home/.local/bin') };
  mkdirSync(c.home);
  mkdirSync(c.tmp);
  requests = [];
});

// ---- static checks -----------------------------------------------------------------------------------------------

describe('the installer script', () => {
  it('is ShellCheck-clean as POSIX sh, pinned and not', () => {
    // Debian's shellcheck (installed by the test set-up); exits non-zero with findings on stdout.
    for (const [name, script] of [
      ['pinned.sh', pinnedScript],
      ['unpinned.sh', unpinnedScript],
    ]) {
      const file = join(work, name!);
      writeFileSync(file, script!);
      expect(execFileSync('shellcheck', ['-s', 'sh', file], { encoding: 'utf8' })).toBe('');
    }
  });

  it('is ShellCheck-clean as a template too, before the facts are filled in', () => {
    expect(execFileSync('shellcheck', ['-s', 'sh', 'installers/install.sh'], { encoding: 'utf8' })).toBe('');
  });

  it.each(['dash', 'sh', 'bash'])('parses with %s -n', (shell) => {
    expect(() => execFileSync(shell, ['-n'], { input: pinnedScript })).not.toThrow();
  });

  it('uses set -eu without pipefail, which dash rejects', () => {
    expect(pinnedScript).toMatch(/^set -eu$/m);
    expect(pinnedScript).not.toMatch(/^\s*set .*pipefail/m);
  });

  it('pins the SHA-256 of every Unix archive of the release, as its SHA256SUMS lists them', () => {
    const sums = readFileSync(join(releases, 'main', 'download', `v${PINNED}`, 'SHA256SUMS'), 'utf8');
    expect(pinnedScript).toContain(`PINNED_VERSION="${PINNED}"\n`);
    const words = /^PINNED_ARCHIVES="([^"]*)"$/m.exec(pinnedScript)![1]!.split(' ');
    expect(words).toHaveLength(UNIX.length);
    for (const word of words) {
      const [archive, sum] = word.split('=');
      expect(sums).toContain(`${sum}  ${archive}\n`);
    }
    expect(unpinnedScript).toContain('PINNED_VERSION=""\n');
    expect(unpinnedScript).toContain('PINNED_ARCHIVES=""\n');
  });
});

// ---- the pinned release ------------------------------------------------------------------------------------------

describe('installing the pinned release with sh, curl, tar and sha256sum only (no ssh-keygen, no ldd)', () => {
  it.each(['dash', 'sh', 'bash'])('installs this machine’s archive into ~/.local/bin when piped into %s -s --', async (shell) => {
    expect(existsSync(join(minimalPath, 'ssh-keygen')) || existsSync(join(minimalPath, 'ldd'))).toBe(false);
    const r = await run([], { shell, env: { PATH: minimalPath } });
    expect(r.stderr).not.toMatch(/error/);
    expect(r.code).toBe(0);
    expectInstalled(c.defaultDir, `${PINNED}-${HOST}`);
    expect(r.stderr).toContain(
      `verified SHA-256 ${sha256(readFileSync(join(releases, 'main/latest/download', toArchiveName(BIN, HOST))))}`,
    );
    expect(r.stderr).toContain(`(pinned by ${BASE_URL}/install)`);
    expect(r.stderr).toContain(`installed ${c.defaultDir}/${BIN}`);
    // The PATH hint, ready to paste, in terms of $HOME.
    expect(r.stderr).toContain('export PATH="$HOME/.local/bin:$PATH"');
    // The pinned release's own folder, and nothing but the archive: no SHA256SUMS, no signature.
    expect(requests).toEqual([`/main/download/v${PINNED}/${toArchiveName(BIN, HOST)}`]);
    expect(readdirSync(c.tmp)).toEqual([]); // the temporary folder is cleaned up
  });

  it('takes --version of the pinned release (v prefix optional) the same way', async () => {
    const r = await run(['--version', `v${PINNED}`], { env: { PATH: minimalPath } });
    expect(r.code, r.stderr).toBe(0);
    expectInstalled(c.defaultDir, `${PINNED}-${HOST}`);
    expect(requests).toEqual([`/main/download/v${PINNED}/${toArchiveName(BIN, HOST)}`]);
  });

  it('downloads with wget when curl is missing, and hashes with shasum when sha256sum is missing', async () => {
    const r = await run([], { env: { PATH: pathWith([...BASICS, 'wget', 'shasum', 'perl']) } });
    expect(r.stderr).not.toMatch(/error/);
    expect(r.code).toBe(0);
    expectInstalled(c.defaultDir, `${PINNED}-${HOST}`);
  });

  it('on this glibc machine with Debian’s musl installed (musl’s loader in /lib) and no ldd, takes the glibc build', async () => {
    expect(readdirSync('/lib').filter((f) => f.startsWith('ld-musl-'))).not.toEqual([]);
    const r = await run([], { machine: { avx2: true }, env: { PATH: fakePath({ os: 'Linux', arch: 'x86_64' }) } });
    expect(r.code, r.stderr).toBe(0);
    expectInstalled(c.defaultDir, `${PINNED}-linux-x64`);
    expect(requests).toEqual([`/main/download/v${PINNED}/${toArchiveName(BIN, 'linux-x64')}`]);
  });

  it.each([
    [{ avx2: false }, 'linux-x64-baseline'],
    [{ avx2: true, musl: { cxx: true } }, 'linux-x64-musl'],
    [{ avx2: false, musl: { cxx: true } }, 'linux-x64-musl-baseline'],
  ] as const)('on Linux x86_64 with %j installs %s, verified against its pin', async (machine, target) => {
    const r = await run([], { machine, env: { PATH: fakePath({ os: 'Linux', arch: 'x86_64' }) } });
    expect(r.stderr).not.toMatch(/error/);
    expect(r.code).toBe(0);
    expectInstalled(c.defaultDir, `${PINNED}-${target}`);
    expect(r.stderr).toContain('(pinned by');
    expect(requests).toEqual([`/main/download/v${PINNED}/${toArchiveName(BIN, target)}`]);
  });

  it('on musl without the C++ runtime, prints the one apk line and downloads nothing', async () => {
    const r = await run([], { machine: { avx2: true, musl: { cxx: false } }, env: { PATH: fakePath({ os: 'Linux', arch: 'x86_64' }) } });
    expect(r.code).toBe(1);
    expect(errorLines(r)).toEqual([
      `${BIN}: error: the linux-x64-musl build needs the C++ runtime, and libstdc++.so.6 is missing: run 'apk add libstdc++ libgcc' as root, then run this installer again`,
    ]);
    expect(requests).toEqual([]);
    expectNothingInstalled();
  });

  it.each([
    ['Darwin', 'arm64', false, false, 'darwin-arm64'],
    ['Darwin', 'x86_64', true, false, 'darwin-arm64'], // a shell under Rosetta 2 on Apple silicon
    ['Darwin', 'x86_64', false, true, 'darwin-x64'],
    ['Darwin', 'x86_64', false, false, 'darwin-x64-baseline'], // an Intel Mac without AVX2
    ['Linux', 'aarch64', false, false, 'linux-arm64'],
  ] as const)('on %s %s (Rosetta %s, sysctl AVX2 %s) installs %s', async (os, arch, translated, avx2, target) => {
    const r = await run([], { env: { PATH: fakePath({ os, arch, translated, avx2 }) } });
    expect(r.stderr).not.toMatch(/error/);
    expect(r.code).toBe(0);
    expectInstalled(c.defaultDir, `${PINNED}-${target}`);
    expect(requests).toEqual([`/main/download/v${PINNED}/${toArchiveName(BIN, target)}`]);
  });

  it('installs the build --target names, whatever the machine', async () => {
    const r = await run(['--target', 'linux-x64-musl-baseline'], { env: { PATH: minimalPath } });
    expect(r.code, r.stderr).toBe(0);
    expectInstalled(c.defaultDir, `${PINNED}-linux-x64-musl-baseline`);
    const env = await run([], { env: { PATH: minimalPath, [`${ENV}_TARGET`]: 'darwin-arm64', [`${ENV}_INSTALL_DIR`]: join(c.home, 'b') } });
    expect(env.code, env.stderr).toBe(0);
    expectInstalled(join(c.home, 'b'), `${PINNED}-darwin-arm64`);
  });

  it.each([
    [{ avx2: true }, 'linux-x64'],
    [{ avx2: false }, 'linux-x64-baseline'],
    [{ avx2: true, musl: { cxx: true } }, 'linux-x64-musl'],
    [{ avx2: false, musl: { cxx: true } }, 'linux-x64-musl-baseline'],
  ] as const)('warden self update picks what the installer picks on %j: %s', async (machine, target) => {
    // The CLI's own reading of the machine (cli/core/machine.ts), run on the same made machine by Node.
    const program = `import('${resolve('cli/core/machine.ts')}').then((m) => process.stdout.write(String(m.toUpdateTarget(m.readMachine('linux', 'x64'), 'linux-x64', ${JSON.stringify(site.cli.targets)}))))`;
    const [command, argv] = onMachine(fakes, machine, process.execPath, ['--input-type=module', '-e', program]);
    expect(execFileSync(command, argv, { encoding: 'utf8' })).toBe(target);
  });
});

describe('installing another release than the pinned one: its signature is checked', () => {
  it('installs a release signed by the release key when ssh-keygen is there', async () => {
    const r = await run(['--version', '1.2.3'], { env: { PATH: pathWith([...BASICS, 'curl', 'sha256sum', 'ssh-keygen']) } });
    expect(r.code, r.stderr).toBe(0);
    expectInstalled(c.defaultDir, `1.2.3-${HOST}`);
    expect(r.stderr).toContain('verified the signature of SHA256SUMS');
    expect(requests).toEqual([toArchiveName(BIN, HOST), 'SHA256SUMS', 'SHA256SUMS.sig'].map((f) => `/main/download/v1.2.3/${f}`));
  });

  it('without ssh-keygen, says in one line what it needs and why, and downloads nothing', async () => {
    const r = await run(['--version', '1.2.3'], { env: { PATH: minimalPath } });
    expect(r.code).toBe(1);
    expect(errorLines(r)).toEqual([
      `${BIN}: error: v1.2.3 is not the release this installer pins (${PINNED}), so its signature must be checked, which needs 'ssh-keygen' (OpenSSH 8.1 or later): install openssh-client (Alpine: apk add openssh-keygen), then run this again`,
    ]);
    expect(requests).toEqual([]);
    expectNothingInstalled();
  });

  it('from a site built without a release, every install checks the signature: latest with ssh-keygen, a clear refusal without', async () => {
    const signed = await run([], { source: unpinnedScript, env: { PATH: pathWith([...BASICS, 'curl', 'sha256sum', 'ssh-keygen']) } });
    expect(signed.code, signed.stderr).toBe(0);
    expectInstalled(c.defaultDir, `${PINNED}-${HOST}`);
    expect(requests).toEqual([toArchiveName(BIN, HOST), 'SHA256SUMS', 'SHA256SUMS.sig'].map((f) => `/main/latest/download/${f}`));
    requests = [];
    const r = await run([], { source: unpinnedScript, env: { PATH: minimalPath } });
    expect(r.code).toBe(1);
    expect(errorLines(r)).toEqual([
      `${BIN}: error: this installer pins no release (its site was built without one), so its signature must be checked, which needs 'ssh-keygen' (OpenSSH 8.1 or later): install openssh-client (Alpine: apk add openssh-keygen), then run this again`,
    ]);
    expect(requests).toEqual([]);
  });
});

describe('options, help and bad input', () => {
  it('takes the version, folder and PATH choice from the environment, and lets flags win', async () => {
    const envDir = join(c.home, 'env-bin');
    const flagDir = join(c.home, 'flag-bin');
    const env = { [`${ENV}_VERSION`]: '9.9.9', [`${ENV}_INSTALL_DIR`]: envDir };
    const r = await run(['--version', PINNED, '--install-dir', flagDir], { env });
    expect(r.code).toBe(0);
    expectInstalled(flagDir, `${PINNED}-${HOST}`);
    expect(existsSync(envDir)).toBe(false);

    const fromEnv = await run([], { env: { ...env, [`${ENV}_VERSION`]: PINNED, [`${ENV}_NO_MODIFY_PATH`]: '1' } });
    expect(fromEnv.code).toBe(0);
    expectInstalled(envDir, `${PINNED}-${HOST}`);
    expect(fromEnv.stderr).not.toContain('export PATH');
  });

  it('falls back to $XDG_BIN_HOME before ~/.local/bin', async () => {
    const xdg = join(c.home, 'xdg-bin');
    const r = await run([], { env: { XDG_BIN_HOME: xdg } });
    expect(r.code).toBe(0);
    expectInstalled(xdg, `${PINNED}-${HOST}`);
    expect(existsSync(c.defaultDir)).toBe(false);
  });

  it('prints no PATH hint when the folder is already on PATH or with --no-modify-path', async () => {
    const onPath = await run([], { env: { PATH: `${c.defaultDir}${delimiter}${process.env.PATH}` } });
    expect(onPath.code).toBe(0);
    expect(onPath.stderr).not.toContain('export PATH');
    const flag = await run(['--no-modify-path']);
    expect(flag.code).toBe(0);
    expect(flag.stderr).not.toContain('export PATH');
  });

  it('replaces an existing binary in place', async () => {
    mkdirSync(c.defaultDir, { recursive: true });
    writeFileSync(join(c.defaultDir, BIN), '#!/bin/sh\necho old\n', { mode: 0o700 });
    const r = await run();
    expect(r.code).toBe(0);
    expectInstalled(c.defaultDir, `${PINNED}-${HOST}`);
  });

  it('prints usage on --help, exits 0 and downloads nothing', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage:');
    expect(r.stdout).toContain(`${site.base_url}/install | sh -s -- [options]`);
    expect(r.stdout).toContain(`instead of ${PINNED}, the release this script pins`);
    for (const word of ['--version', '--install-dir', '--target', '--no-modify-path', '--yes', `${ENV}_DOWNLOAD_URL`, `${ENV}_TARGET`]) {
      expect(r.stdout).toContain(word);
    }
    expect((await run(['-h'])).stdout).toBe(r.stdout);
    expect((await run(['--help'], { source: unpinnedScript })).stdout).toContain('instead of the latest');
    expect(requests).toEqual([]);
    expectNothingInstalled();
  });

  it.each([
    [['--bogus'], /warden: error: unknown option: --bogus/],
    [['--version'], /warden: error: --version needs a value/],
    [['--version', '1.2;rm'], /warden: error: invalid version/],
    [['--target', 'linux-riscv64'], /warden: error: unknown target: 'linux-riscv64' \(one of: darwin-arm64 /],
  ])('refuses %j with a clear error', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(requests).toEqual([]);
    expectNothingInstalled();
  });
});

// ---- failures install nothing ------------------------------------------------------------------------------------

describe('failures install nothing', () => {
  it.each([
    ['a tampered archive', 'archive'],
    ['an archive and SHA256SUMS both replaced, the sums signed by another key', 'both'],
  ] as const)('the pinned release refuses %s against its pin, without ssh-keygen', async (_name, tamper) => {
    const r = await run([], { env: { PATH: minimalPath, [`${ENV}_DOWNLOAD_URL`]: `${origin}/tampered-${tamper}` } });
    expect(r.code).toBe(1);
    const pin = /^PINNED_ARCHIVES=.*$/m
      .exec(pinnedScript)![0]
      .split(`${toArchiveName(BIN, HOST)}=`)[1]!
      .slice(0, 64);
    expect(errorLines(r)).toEqual([
      `${BIN}: error: checksum mismatch for ${toArchiveName(BIN, HOST)} (expected ${pin}, pinned by ${BASE_URL}/install; got ${sha256(readFileSync(join(releases, `tampered-${tamper}/download/v${PINNED}`, toArchiveName(BIN, HOST))))}): refusing to install`,
    ]);
    expectNothingInstalled();
    expect(readdirSync(c.tmp)).toEqual([]);
  });

  it.each([
    [{ avx2: true }, 'linux-x64'],
    [{ avx2: false }, 'linux-x64-baseline'],
    [{ avx2: true, musl: { cxx: true } }, 'linux-x64-musl'],
    [{ avx2: false, musl: { cxx: true } }, 'linux-x64-musl-baseline'],
  ] as const)('on Linux x86_64 with %j, refuses the swapped pair and a tampered %s archive against its pin', async (machine, target) => {
    for (const tamper of ['both', 'archive']) {
      requests = [];
      const r = await run([], {
        machine,
        env: { PATH: fakePath({ os: 'Linux', arch: 'x86_64' }), [`${ENV}_DOWNLOAD_URL`]: `${origin}/tampered-${tamper}` },
      });
      expect(r.code, tamper).toBe(1);
      expect(errorLines(r), tamper).toEqual([
        expect.stringMatching(
          new RegExp(
            `^warden: error: checksum mismatch for ${toArchiveName(BIN, target)} \\(expected [0-9a-f]{64}, pinned by .*; got [0-9a-f]{64}\\): refusing to install$`,
          ),
        ),
      ]);
      expect(requests).toEqual([`/tampered-${tamper}/download/v${PINNED}/${toArchiveName(BIN, target)}`]);
      expectNothingInstalled();
    }
  });

  it('the pinned release does not read SHA256SUMS, so tampered sums beside a genuine archive change nothing', async () => {
    const r = await run([], { env: { PATH: minimalPath, [`${ENV}_DOWNLOAD_URL`]: `${origin}/tampered-sums` } });
    expect(r.code, r.stderr).toBe(0);
    expectInstalled(c.defaultDir, `${PINNED}-${HOST}`);
  });

  it.each([
    [
      'a tampered archive',
      'archive',
      /warden: error: checksum mismatch for \S+ \(expected [0-9a-f]{64}, listed in \S+\/SHA256SUMS; got [0-9a-f]{64}\): refusing to install/,
    ],
    [
      'tampered SHA256SUMS',
      'sums',
      /warden: error: the signature of .*\/SHA256SUMS does not verify with the release key.*refusing to install/,
    ],
    [
      'an archive and SHA256SUMS both replaced, signed by another key',
      'both',
      /warden: error: the signature of .*\/SHA256SUMS does not verify with the release key.*refusing to install/,
    ],
    ['a release with no signature', 'unsigned', /warden: error: download failed: .*SHA256SUMS\.sig \(an unsigned release is refused\)/],
  ] as const)('another release (--version) refuses %s', async (_name, tamper, message) => {
    const path = pathWith([...BASICS, 'curl', 'sha256sum', 'ssh-keygen']);
    const r = await run(['--version', `1.4.0-${tamper}`], { env: { PATH: path } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(errorLines(r)).toHaveLength(1);
    expectNothingInstalled();
    expect(readdirSync(c.tmp)).toEqual([]);
  });

  it('an unsigned release given with --version, without ssh-keygen: the clear refusal, before any download', async () => {
    const r = await run(['--version', '1.4.0-unsigned'], { env: { PATH: minimalPath } });
    expect(r.code).toBe(1);
    expect(errorLines(r)).toEqual([
      expect.stringContaining("so its signature must be checked, which needs 'ssh-keygen' (OpenSSH 8.1 or later)"),
    ]);
    expect(requests).toEqual([]);
  });

  it('aborts when no SHA-256 tool exists', async () => {
    const r = await run([], { env: { PATH: pathWith([...BASICS, 'curl']) } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/warden: error: need 'sha256sum' or 'shasum'/);
    expectNothingInstalled();
  });

  it('aborts when neither curl nor wget exists', async () => {
    const r = await run([], { env: { PATH: pathWith([...BASICS, 'sha256sum']) } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/warden: error: need 'curl' or 'wget'/);
    expectNothingInstalled();
  });

  it('aborts when the release does not exist', async () => {
    const r = await run(['--version', '0.0.1'], { env: { PATH: pathWith([...BASICS, 'curl', 'sha256sum', 'ssh-keygen']) } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/warden: error: download failed: .*\/download\/v0\.0\.1\//);
    expectNothingInstalled();
  });

  it('refuses an x64 processor without AVX2 when no -baseline build is published', async () => {
    const noBaseline = { ...site, cli: { ...site.cli, targets: site.cli.targets.filter((t) => !t.endsWith('-baseline')) } };
    const r = await run([], {
      source: toInstaller(noBaseline, template, pinsOf('main')),
      machine: { avx2: false },
      env: { PATH: fakePath({ os: 'Linux', arch: 'x86_64' }) },
    });
    expect(r.code).toBe(1);
    expect(errorLines(r)).toEqual([
      expect.stringMatching(
        /^warden: error: this processor lacks AVX2, which the linux-x64 build needs, and no linux-x64-baseline build is published/,
      ),
    ]);
    expect(requests).toEqual([]);
  });

  it.each([
    ['Linux', 'riscv64', /unsupported architecture: riscv64 \(supported: darwin-arm64 /],
    ['Linux', 'armv7l', /unsupported architecture: armv7l/],
    ['FreeBSD', 'amd64', /unsupported operating system: FreeBSD/],
    ['MINGW64_NT-10.0', 'x86_64', /unsupported operating system: MINGW64_NT-10.0/],
  ])('refuses %s on %s before downloading', async (os, arch, message) => {
    const r = await run([], { env: { PATH: fakePath({ os, arch }) } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(requests).toEqual([]);
    expectNothingInstalled();
  });

  it('runs nothing when the download is cut short anywhere', async () => {
    const bytes = Buffer.from(pinnedScript);
    // Only the final newline may go missing: without it the script is complete and must run.
    const complete = bytes.length - 1;
    const cuts = new Set<number>();
    for (let n = 0; n < complete; n += 61) cuts.add(n);
    // Every cut in the last lines, where a bare `main` would otherwise run without its arguments.
    for (let n = complete - 60; n < complete; n++) cuts.add(n);
    for (const n of cuts) {
      const r = await run(['--version', PINNED], { source: bytes.subarray(0, n) });
      expect(r.stderr, `cut at ${n}`).not.toContain('downloading');
    }
    expect(requests).toEqual([]);
    expectNothingInstalled();
    // A few hundred runs of the shell, one after another: more than the default budget on a loaded two-core machine.
  }, 120_000);

  it('exits on Ctrl-C during the download and cleans up its temporary folder', async () => {
    let pid = 0;
    const downloading = once(server, 'request');
    const running = run([], { env: { [`${ENV}_DOWNLOAD_URL`]: `${origin}/hang` }, onSpawn: (p) => (pid = p) });
    await downloading;
    expect(requests[0]).toMatch(/^\/hang\//);
    process.kill(-pid, 'SIGINT'); // the whole process group, as a terminal's Ctrl-C does
    const r = await running;
    expect(r.code).toBe(130);
    expect(readdirSync(c.tmp)).toEqual([]);
    expectNothingInstalled();
  });
});
