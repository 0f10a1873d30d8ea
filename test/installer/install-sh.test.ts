import { once } from 'node:events';
import { spawn, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
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
import { readContent } from '../../src/content/read-content.ts';
import { toInstaller } from '../../src/lib/to-installer.ts';
import { APP_URL, BASE_URL } from '../helpers/built-site.ts';
import { toReleaseNamespace } from '../../runtime/release/ssh-signature.ts';
import { getLocalSigningKey } from '../../runtime/node/signing-key.ts';

// The real installer, filled from the real content, run by real shells against a fake release
// archive served on a loopback port, signed with a real key. Nothing is mocked; odd machines are
// simulated with fake `uname`/`sysctl`/`ldd` commands and a trimmed PATH.

const KEY = getLocalSigningKey(resolve('.test-dist-cli/release-signing-key.pem'));
/** Another key: what an attacker who replaced a whole release folder could sign with. */
const ATTACKER = getLocalSigningKey(resolve('.test-dist-cli/attacker-signing-key.pem'));
const { site } = readContent(undefined, { BASE_URL, APP_URL, RELEASE_PUBLIC_KEY: KEY.publicKeyLine });
const script = toInstaller(site, readFileSync(resolve('src/installer/install.sh'), 'utf8'));
const BIN = site.cli.binary;
const ENV = site.cli.env_prefix;
const TARGET = `${process.platform === 'darwin' ? 'darwin' : 'linux'}-${process.arch === 'arm64' ? 'arm64' : 'x64'}`;
const archiveOf = (target: string) => `${BIN}-${target}.tar.gz`;

let work: string;
let server: Server;
let origin: string;
/** Paths the fake archive was asked for, in order. */
let requests: string[] = [];

// ---- the fake release archive ------------------------------------------------------------------

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Writes SHA256SUMS for every archive in `dir` (and a line for a target not there), signed by `key`. */
function writeSums(dir: string, key = KEY, omit?: string) {
  const archives = readdirSync(dir)
    .filter((f) => f.endsWith('.tar.gz') && f !== omit)
    .sort();
  const sums = [`${'0'.repeat(64)}  ${BIN}-other-target.tar.gz`, ...archives.map((a) => `${sha256(readFileSync(join(dir, a)))}  ${a}`)];
  const text = `${sums.join('\n')}\n`;
  writeFileSync(join(dir, 'SHA256SUMS'), text);
  writeFileSync(join(dir, 'SHA256SUMS.sig'), key.sign(Buffer.from(text), toReleaseNamespace(BIN)));
}

/** Writes `<dir>/<bin>-<target>.tar.gz` holding a tiny "binary" that prints its version. */
function writeArchive(dir: string, target: string, version: string): string {
  const stage = mkdtempSync(join(work, 'stage-'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(stage, BIN), `#!/bin/sh\necho "${BIN} ${version}"\n`, { mode: 0o644 });
  const archive = join(dir, archiveOf(target));
  execFileSync('tar', ['-czf', archive, '-C', stage, BIN]);
  return archive;
}

/**
 * Builds `<root>/<folder>/` with the archive of `target` and SHA256SUMS signed by the release key, then
 * tampers as a compromised download host would: the archive after the sums were made, the sums after they
 * were signed, or both consistently (a new archive, its true checksum, the sums signed again by another key).
 */
function publish(
  folder: string,
  version: string,
  opts: { target?: string; tamper?: 'archive' | 'sums' | 'both' | 'unsigned'; omitSum?: boolean } = {},
) {
  const target = opts.target ?? TARGET;
  const dir = join(work, 'release', folder);
  const archive = writeArchive(dir, target, version);
  writeSums(dir, KEY, opts.omitSum ? archiveOf(target) : undefined);
  const bytes = readFileSync(archive);
  if (opts.tamper === 'archive') writeFileSync(archive, Buffer.concat([bytes, Buffer.from('evil')]));
  if (opts.tamper === 'sums') writeFileSync(join(dir, 'SHA256SUMS'), `${sha256(Buffer.from('evil'))}  ${archiveOf(target)}\n`);
  if (opts.tamper === 'both') {
    writeArchive(dir, target, `${version}-evil`);
    writeSums(dir, ATTACKER);
  }
  if (opts.tamper === 'unsigned') rmSync(join(dir, 'SHA256SUMS.sig'));
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

// ---- running the installer ---------------------------------------------------------------------

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

/** Pipes `source` into `<shell> -s -- ...args`, as `curl ... | sh -s -- args` does. */
function run(
  args: string[] = [],
  opts: { env?: Record<string, string>; shell?: string; source?: string | Buffer; onSpawn?: (pid: number) => void } = {},
): Promise<Run> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: c.home,
    TMPDIR: c.tmp,
    [`${ENV}_DOWNLOAD_URL`]: `${origin}/latest-only`,
    ...opts.env,
  };
  return new Promise((ok, fail) => {
    // The shell is found on the test's PATH: the installer may be given a trimmed one.
    const child = spawn(which(opts.shell ?? 'dash'), ['-s', '--', ...args], { env, detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code, signal) => ok({ code, signal, stdout, stderr }));
    child.stdin.on('error', () => {}); // a shell that stops reading early (syntax error) closes stdin
    child.stdin.end(opts.source ?? script);
    if (opts.onSpawn && child.pid) opts.onSpawn(child.pid);
  });
}

/** The full path of a command on the test's PATH. */
function which(name: string): string {
  const found = (process.env.PATH ?? '')
    .split(delimiter)
    .map((d) => join(d, name))
    .find((p) => existsSync(p));
  if (!found) throw new Error(`test needs '${name}' on PATH`);
  return found;
}

/** A folder of links to the named commands only, for a PATH without the rest. */
function pathWith(names: string[], extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(work, 'bin-'));
  for (const name of names) symlinkSync(which(name), join(dir, name));
  for (const [name, body] of Object.entries(extra)) {
    writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

const BASICS = ['uname', 'mktemp', 'tar', 'gzip', 'awk', 'tr', 'chmod', 'mkdir', 'mv', 'cp', 'rm', 'cat', 'ssh-keygen', 'ldd'];

/** A PATH whose first entry holds fake `uname`/`sysctl`/`ldd` reporting the given machine (`libc` musl: Alpine's ldd). */
function fakeMachine(os: string, arch: string, translated = '0', libc: 'glibc' | 'musl' = 'glibc'): string {
  const dir = pathWith([], {
    uname: `case "$1" in -s) echo ${os} ;; -m) echo ${arch} ;; *) echo ${os} ;; esac`,
    sysctl: `echo ${translated}`,
    // What each C library's ldd prints for --version: musl's to stderr with exit 1, as on Alpine.
    ldd: libc === 'musl' ? `echo "musl libc (${arch})" >&2; exit 1` : 'echo "ldd (Debian GLIBC 2.36-9) 2.36"',
  });
  return `${dir}${delimiter}${process.env.PATH}`;
}

function expectInstalled(dir: string, version: string) {
  const file = join(dir, BIN);
  expect(existsSync(file), `${file} should exist`).toBe(true);
  expect(statSync(file).mode & 0o777).toBe(0o755);
  expect(execFileSync(file, { encoding: 'utf8' }).trim()).toBe(`${BIN} ${version}`);
  expect(readdirSync(dir)).toEqual([BIN]); // no staged temp file left behind
}

function expectNothingInstalled() {
  expect(existsSync(join(c.home, '.local'))).toBe(false);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'warden-installer-'));
  publish('latest-only/latest/download', '1.3.0');
  publish('versions/latest/download', '1.3.0');
  publish('versions/download/v1.2.3', '1.2.3');
  for (const tamper of ['archive', 'sums', 'both', 'unsigned'] as const) publish(`tampered-${tamper}/latest/download`, '1.3.0', { tamper });
  publish('unlisted/latest/download', '1.3.0', { omitSum: true });
  // Every Unix target in one folder, each binary printing its own target, under one signed SHA256SUMS.
  const machines = join(work, 'release/machines/latest/download');
  for (const target of site.cli.targets.filter((t) => !t.startsWith('windows-'))) writeArchive(machines, target, `1.3.0-${target}`);
  writeSums(machines);
  server = await startServer(join(work, 'release'));
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

// ---- static checks -----------------------------------------------------------------------------

describe('the installer script', () => {
  it('is ShellCheck-clean as POSIX sh', () => {
    // Debian's shellcheck (installed by .ci/run); exits non-zero with findings on stdout.
    const file = join(work, 'install.sh');
    writeFileSync(file, script);
    expect(execFileSync('shellcheck', ['-s', 'sh', file], { encoding: 'utf8' })).toBe('');
  });

  it('is ShellCheck-clean as a template too, before the facts are filled in', () => {
    expect(execFileSync('shellcheck', ['-s', 'sh', 'src/installer/install.sh'], { encoding: 'utf8' })).toBe('');
  });

  it.each(['dash', 'sh', 'bash'])('parses with %s -n', (shell) => {
    expect(() => execFileSync(shell, ['-n'], { input: script })).not.toThrow();
  });

  it('uses set -eu without pipefail, which dash rejects', () => {
    expect(script).toMatch(/^set -eu$/m);
    expect(script).not.toMatch(/^\s*set .*pipefail/m);
  });
});

// ---- end to end ----------------------------------------------------------------------------------

describe('installing from a release archive on 127.0.0.1', () => {
  it.each(['dash', 'sh', 'bash'])('installs the latest binary into ~/.local/bin when piped into %s -s --', async (shell) => {
    const r = await run([], { shell });
    expect(r.stderr).not.toMatch(/error/);
    expect(r.code).toBe(0);
    expectInstalled(c.defaultDir, '1.3.0');
    expect(r.stderr).toContain(`verified SHA-256`);
    expect(r.stderr).toContain(`installed ${c.defaultDir}/${BIN}`);
    // The PATH hint, ready to paste, in terms of $HOME.
    expect(r.stderr).toContain('export PATH="$HOME/.local/bin:$PATH"');
    expect(r.stderr).toContain('verified the signature of SHA256SUMS');
    expect(requests).toEqual(['', 'SHA256SUMS', 'SHA256SUMS.sig'].map((f) => `/latest-only/latest/download/${f || archiveOf(TARGET)}`));
    expect(readdirSync(c.tmp)).toEqual([]); // the temporary folder is cleaned up
  });

  it('installs a pinned release with --version (v prefix optional)', async () => {
    const env = { [`${ENV}_DOWNLOAD_URL`]: `${origin}/versions` };
    const r = await run(['--version', '1.2.3'], { env });
    expect(r.code).toBe(0);
    expectInstalled(c.defaultDir, '1.2.3');
    expect(requests[0]).toBe(`/versions/download/v1.2.3/${archiveOf(TARGET)}`);

    const again = await run(['--version=v1.2.3', '-y'], { env });
    expect(again.code).toBe(0);
    expect(requests.at(-3)).toBe(`/versions/download/v1.2.3/${archiveOf(TARGET)}`);
  });

  it('takes the version, folder and PATH choice from the environment, and lets flags win', async () => {
    const envDir = join(c.home, 'env-bin');
    const flagDir = join(c.home, 'flag-bin');
    const env = {
      [`${ENV}_DOWNLOAD_URL`]: `${origin}/versions`,
      [`${ENV}_VERSION`]: '9.9.9',
      [`${ENV}_INSTALL_DIR`]: envDir,
    };
    const r = await run(['--version', '1.2.3', '--install-dir', flagDir], { env });
    expect(r.code).toBe(0);
    expectInstalled(flagDir, '1.2.3');
    expect(existsSync(envDir)).toBe(false);

    const fromEnv = await run([], { env: { ...env, [`${ENV}_VERSION`]: '1.2.3', [`${ENV}_NO_MODIFY_PATH`]: '1' } });
    expect(fromEnv.code).toBe(0);
    expectInstalled(envDir, '1.2.3');
    expect(fromEnv.stderr).not.toContain('export PATH');
  });

  it('falls back to $XDG_BIN_HOME before ~/.local/bin', async () => {
    const xdg = join(c.home, 'xdg-bin');
    const r = await run([], { env: { XDG_BIN_HOME: xdg } });
    expect(r.code).toBe(0);
    expectInstalled(xdg, '1.3.0');
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
    expectInstalled(c.defaultDir, '1.3.0');
  });

  it('downloads with wget when curl is missing, and hashes with shasum when sha256sum is missing', async () => {
    const path = pathWith([...BASICS, 'wget', 'shasum', 'perl']);
    const r = await run([], { env: { PATH: path } });
    expect(r.stderr).not.toMatch(/error/);
    expect(r.code).toBe(0);
    expectInstalled(c.defaultDir, '1.3.0');
  });

  it.each([
    ['Darwin', 'arm64', '0', 'glibc', 'darwin-arm64'],
    ['Darwin', 'x86_64', '1', 'glibc', 'darwin-arm64'], // a shell under Rosetta 2 on Apple silicon
    ['Darwin', 'x86_64', '0', 'glibc', 'darwin-x64'],
    ['Linux', 'x86_64', '0', 'glibc', 'linux-x64'],
    ['Linux', 'aarch64', '0', 'glibc', 'linux-arm64'],
    ['Linux', 'x86_64', '0', 'musl', 'linux-x64-musl'], // Alpine
  ] as const)('on %s %s (translated %s, %s) installs %s', async (os, arch, translated, libc, target) => {
    const r = await run([], { env: { [`${ENV}_DOWNLOAD_URL`]: `${origin}/machines`, PATH: fakeMachine(os, arch, translated, libc) } });
    expect(r.stderr).not.toMatch(/error/);
    expect(r.code).toBe(0);
    expectInstalled(c.defaultDir, `1.3.0-${target}`);
    expect(requests[0]).toBe(`/machines/latest/download/${archiveOf(target)}`);
  });
});

describe('--help and bad input', () => {
  it('prints usage on --help, exits 0 and downloads nothing', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage:');
    expect(r.stdout).toContain(`${site.base_url}/install | sh -s -- [options]`);
    for (const word of ['--version', '--install-dir', '--no-modify-path', '--yes', `${ENV}_DOWNLOAD_URL`]) {
      expect(r.stdout).toContain(word);
    }
    expect((await run(['-h'])).stdout).toBe(r.stdout);
    expect(requests).toEqual([]);
    expectNothingInstalled();
  });

  it.each([
    [['--bogus'], /warden: error: unknown option: --bogus/],
    [['--version'], /warden: error: --version needs a value/],
    [['--version', '1.2;rm'], /warden: error: invalid version/],
  ])('refuses %j with a clear error', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(requests).toEqual([]);
    expectNothingInstalled();
  });
});

// ---- failures install nothing -----------------------------------------------------------------------

describe('failures install nothing', () => {
  it('aborts on a tampered archive with a checksum mismatch', async () => {
    const r = await run([], { env: { [`${ENV}_DOWNLOAD_URL`]: `${origin}/tampered-archive` } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`warden: error: checksum mismatch for ${archiveOf(TARGET)}.*refusing to install`));
    expectNothingInstalled();
    expect(readdirSync(c.tmp)).toEqual([]);
  });

  it.each([
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
  ])('aborts on %s', async (_name, tamper, message) => {
    const r = await run([], { env: { [`${ENV}_DOWNLOAD_URL`]: `${origin}/tampered-${tamper}` } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(
      r.stderr
        .trim()
        .split('\n')
        .filter((l) => l.startsWith(`${BIN}: error`)),
    ).toHaveLength(1);
    expectNothingInstalled();
    expect(readdirSync(c.tmp)).toEqual([]);
  });

  it('aborts when ssh-keygen is missing: the signature cannot be checked, so nothing is trusted', async () => {
    const r = await run([], { env: { PATH: pathWith([...BASICS.filter((b) => b !== 'ssh-keygen'), 'curl', 'sha256sum']) } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/warden: error: need 'ssh-keygen' \(OpenSSH 8\.1 or later\) to verify the release signature/);
    expectNothingInstalled();
  });

  it('aborts when SHA256SUMS does not list the archive', async () => {
    const r = await run([], { env: { [`${ENV}_DOWNLOAD_URL`]: `${origin}/unlisted` } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`warden: error: no checksum for ${archiveOf(TARGET)} in .*SHA256SUMS`));
    expectNothingInstalled();
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
    const r = await run(['--version', '0.0.1'], { env: { [`${ENV}_DOWNLOAD_URL`]: `${origin}/versions` } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/warden: error: download failed: .*\/download\/v0\.0\.1\//);
    expectNothingInstalled();
  });

  it.each([
    ['Linux', 'riscv64', /unsupported architecture: riscv64 \(supported: darwin-arm64 /],
    ['Linux', 'armv7l', /unsupported architecture: armv7l/],
    ['FreeBSD', 'amd64', /unsupported operating system: FreeBSD/],
    ['MINGW64_NT-10.0', 'x86_64', /unsupported operating system: MINGW64_NT-10.0/],
  ])('refuses %s on %s before downloading', async (os, arch, message) => {
    const r = await run([], { env: { PATH: fakeMachine(os, arch) } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(requests).toEqual([]);
    expectNothingInstalled();
  });

  it('runs nothing when the download is cut short anywhere', async () => {
    const bytes = Buffer.from(script);
    // Only the final newline may go missing: without it the script is complete and must run.
    const complete = bytes.length - 1;
    const cuts = new Set<number>();
    for (let n = 0; n < complete; n += 61) cuts.add(n);
    // Every cut in the last lines, where a bare `main` would otherwise run without its arguments.
    for (let n = complete - 60; n < complete; n++) cuts.add(n);
    for (const n of cuts) {
      const r = await run(['--version', '1.2.3'], { source: bytes.subarray(0, n) });
      expect(r.stderr, `cut at ${n}`).not.toContain('downloading');
    }
    expect(requests).toEqual([]);
    expectNothingInstalled();
  });

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
