import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

// Other machines, made real where the installer looks rather than by a switch in the script: what it reads from
// files (/proc/cpuinfo for AVX2, /bin/sh for the C library, musl's library path for the C++ runtime) is replaced by
// bind mounts in a mount namespace of its own (unshare, as root or in a user namespace); what it asks of commands
// (uname, sysctl) comes from fake ones first on PATH.

/** The full path of a command on the test's PATH. */
export function which(name: string): string {
  const found = (process.env.PATH ?? '')
    .split(delimiter)
    .map((d) => join(d, name))
    .find((p) => existsSync(p));
  if (!found) throw new Error(`test needs '${name}' on PATH`);
  return found;
}

/** A machine's traits that live in files: whether the CPU lists AVX2, and (musl) an Alpine-like C library. */
export interface FakeLinux {
  avx2: boolean;
  /** /bin/sh is a musl program; `cxx`: musl's library path holds libstdc++ and libgcc_s. */
  musl?: { cxx: boolean };
}

/** What the fakes are made of, prepared once in `dir`. */
export interface MachineFakes {
  dir: string;
  /** A copy of dash: the shell that runs the installer and the fake commands while /bin/sh (dash) is covered. */
  shell: string;
  cpuinfo: { avx2: string; noAvx2: string };
  /** A musl-linked program, to stand as /bin/sh: its ELF interpreter is musl's loader. */
  muslSh: string;
  muslPath: { cxx: string; bare: string };
}

/**
 * This machine's /proc/cpuinfo with AVX2 taken out of every processor's flags, and with it put in (a host without a
 * flags line, such as arm64, gets one).
 */
function writeCpuinfo(dir: string): MachineFakes['cpuinfo'] {
  const real = readFileSync('/proc/cpuinfo', 'utf8');
  const without = real.replace(/^(flags\s*:.*)$/gm, (line) => line.replace(/ avx2(?= |$)/g, ''));
  const withFlag = /^flags\s*:/m.test(without)
    ? without.replace(/^(flags\s*:.*)$/gm, '$1 avx2')
    : `processor\t: 0\nflags\t\t: fpu sse sse2 avx avx2\n\n${without}`;
  const noAvx2 = join(dir, 'cpuinfo-no-avx2');
  const avx2 = join(dir, 'cpuinfo-avx2');
  writeFileSync(noAvx2, without);
  writeFileSync(avx2, withFlag);
  return { avx2, noAvx2 };
}

export function prepareMachineFakes(dir: string): MachineFakes {
  mkdirSync(dir, { recursive: true });
  const shell = join(dir, 'dash');
  copyFileSync(which('dash'), shell);
  execFileSync('chmod', ['0755', shell]);
  // The smallest musl program: what matters is the interpreter musl-gcc links it against.
  const source = join(dir, 'true.c');
  writeFileSync(source, 'int main(void) { return 0; }\n');
  const muslSh = join(dir, 'musl-sh');
  execFileSync('musl-gcc', ['-o', muslSh, source]);
  // musl's loader reads its library folders from /etc/ld-musl-<arch>.path; one holds the C++ runtime, one does not.
  const cxxLibs = join(dir, 'cxx-libs');
  mkdirSync(cxxLibs);
  symlinkSync('/usr/lib/x86_64-linux-gnu/libstdc++.so.6', join(cxxLibs, 'libstdc++.so.6'));
  symlinkSync('/lib/x86_64-linux-gnu/libgcc_s.so.1', join(cxxLibs, 'libgcc_s.so.1'));
  const bareLibs = join(dir, 'bare-libs');
  mkdirSync(bareLibs);
  const cxx = join(dir, 'musl-cxx.path');
  const bare = join(dir, 'musl-bare.path');
  writeFileSync(cxx, `${bareLibs}\n${cxxLibs}\n`);
  writeFileSync(bare, `${bareLibs}\n`);
  return { dir, shell, cpuinfo: writeCpuinfo(dir), muslSh, muslPath: { cxx, bare } };
}

/** The bind mounts that make this machine look like `machine`. */
function toMounts(fakes: MachineFakes, machine: FakeLinux): Array<[string, string]> {
  const mounts: Array<[string, string]> = [[machine.avx2 ? fakes.cpuinfo.avx2 : fakes.cpuinfo.noAvx2, '/proc/cpuinfo']];
  if (machine.musl) {
    // /bin/sh is a link to dash, so this covers dash itself: the installer runs under the copy in fakes.shell.
    mounts.push([fakes.muslSh, '/bin/sh']);
    mounts.push([machine.musl.cxx ? fakes.muslPath.cxx : fakes.muslPath.bare, '/etc/ld-musl-x86_64.path']);
  }
  return mounts;
}

/**
 * The command line that runs `command args…` on `machine`: in new user and mount namespaces (nothing leaves them),
 * bash bind-mounts the fakes, then becomes the command.
 */
export function onMachine(fakes: MachineFakes, machine: FakeLinux, command: string, args: string[]): [string, string[]] {
  const mount = which('mount');
  const script = [...toMounts(fakes, machine).map(([from, to]) => `${mount} --bind '${from}' '${to}'`), 'exec "$@"'].join(' && ');
  return [which('unshare'), ['--user', '--map-root-user', '--mount', '--', which('bash'), '-c', script, 'bash', command, ...args]];
}

/**
 * A folder holding fake `uname` (reporting `os`/`arch`) and `sysctl` (answering macOS's Rosetta and AVX2 questions),
 * run by the dash copy, so they work where /bin/sh is covered.
 */
export function writeFakeCommands(
  fakes: MachineFakes,
  dir: string,
  o: { os: string; arch: string; translated?: boolean; avx2?: boolean },
): string {
  mkdirSync(dir, { recursive: true });
  const commands: Record<string, string> = {
    uname: `case "$1" in -s) echo ${o.os} ;; -m) echo ${o.arch} ;; *) echo ${o.os} ;; esac`,
    sysctl: [
      'case "$2" in',
      `  sysctl.proc_translated) echo ${o.translated ? 1 : 0} ;;`,
      `  hw.optional.avx2_0) echo ${o.avx2 ? 1 : 0} ;;`,
      `  machdep.cpu.leaf7_features) echo "RDWRFSGS TSC_THREAD_OFFSET BMI1${o.avx2 ? ' AVX2' : ''} SMEP BMI2 ERMS" ;;`,
      '  *) exit 1 ;;',
      'esac',
    ].join('\n'),
  };
  for (const [name, body] of Object.entries(commands)) writeFileSync(join(dir, name), `#!${fakes.shell}\n${body}\n`, { mode: 0o755 });
  return dir;
}
