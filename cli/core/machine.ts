import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { toTarget } from './release-sums.ts';

/** What decides which build runs on a machine, read the way the installers read it. */
export interface Machine {
  platform: string;
  arch: string;
  /** Linux: the system's C library is musl (Alpine), whose programs cannot load glibc builds. */
  musl: boolean;
  /** x64: whether the processor has AVX2, which Bun's default x64 builds need; undefined when this system cannot tell. */
  avx2: boolean | undefined;
}

const PT_INTERP = 3;

/**
 * The program interpreter an ELF file asks for (its PT_INTERP segment, System V gABI "Program Header"), from the
 * file's first bytes; undefined for a static program, a file that is not ELF, or one whose segment lies further in.
 */
export function toElfInterpreter(bytes: Uint8Array): string | undefined {
  if (bytes.length < 52 || bytes[0] !== 0x7f || bytes[1] !== 0x45 || bytes[2] !== 0x4c || bytes[3] !== 0x46) return undefined;
  const wide = bytes[4] === 2;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = bytes[5] === 1;
  const word = (at: number) => (wide ? Number(view.getBigUint64(at, little)) : view.getUint32(at, little));
  if (bytes.length < (wide ? 64 : 52)) return undefined;
  const phoff = word(wide ? 0x20 : 0x1c);
  const phentsize = view.getUint16(wide ? 0x36 : 0x2a, little);
  const phnum = view.getUint16(wide ? 0x38 : 0x2c, little);
  for (let i = 0; i < phnum; i++) {
    const at = phoff + i * phentsize;
    if (at + (wide ? 56 : 32) > bytes.length) return undefined;
    if (view.getUint32(at, little) !== PT_INTERP) continue;
    const offset = word(at + (wide ? 8 : 4));
    const size = word(at + (wide ? 32 : 16));
    if (offset + size > bytes.length) return undefined;
    return Buffer.from(bytes.subarray(offset, offset + size))
      .toString('latin1')
      .replace(/\0.*$/s, '');
  }
  return undefined;
}

/**
 * Whether a Linux system's C library is musl, decided by its own loader, as `/install` decides it: the loader its
 * `/bin/sh` asks for, or, when that shell is static, which loader is there (glibc's first: a glibc system with
 * Debian's `musl` package has both). Whether musl is merely installed says nothing.
 */
export function isMuslSystem(interpreter: string | undefined, loaders: string[]): boolean {
  if (interpreter?.includes('/ld-musl-')) return true;
  if (interpreter?.includes('/ld-linux')) return false;
  if (loaders.some((l) => l.startsWith('ld-linux'))) return false;
  return loaders.some((l) => l.startsWith('ld-musl-'));
}

/** Whether `/proc/cpuinfo` text lists `avx2` among the first processor's flags. */
export function hasAvx2Flag(cpuinfo: string): boolean {
  const flags = /^flags\s*:(.*)$/m.exec(cpuinfo)?.[1] ?? '';
  return flags.split(/\s+/).includes('avx2');
}

/** The first `size` bytes of a file, or none when it cannot be read. */
function readHead(file: string, size: number): Uint8Array {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buffer = Buffer.alloc(size);
    return buffer.subarray(0, readSync(fd, buffer, 0, size, 0));
  } catch {
    return new Uint8Array();
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function listLoaders(): string[] {
  return ['/lib', '/lib64'].flatMap((dir) => {
    try {
      return readdirSync(dir).filter((f) => f.startsWith('ld-'));
    } catch {
      return [];
    }
  });
}

/** `sysctl -n <name>` on macOS, or undefined when it has no such value. */
function sysctl(name: string): string | undefined {
  try {
    return execFileSync('sysctl', ['-n', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

function readAvx2(platform: string): boolean | undefined {
  if (platform === 'linux') {
    try {
      return hasAvx2Flag(readFileSync('/proc/cpuinfo', 'utf8'));
    } catch {
      return undefined;
    }
  }
  if (platform === 'darwin') {
    if (sysctl('hw.optional.avx2_0') === '1') return true;
    const leaf7 = sysctl('machdep.cpu.leaf7_features');
    return leaf7 === undefined ? undefined : leaf7.split(/\s+/).includes('AVX2');
  }
  // Windows answers through IsProcessorFeaturePresent, which a JavaScript runtime does not expose.
  return undefined;
}

/** This machine, read from the files and commands the installers read. */
export function readMachine(platform: string = process.platform, arch: string = process.arch): Machine {
  // An x64 program under Rosetta 2 runs on Apple silicon, which the native arm64 build suits (as the installer says).
  const cpu = platform === 'darwin' && arch === 'x64' && sysctl('sysctl.proc_translated') === '1' ? 'arm64' : arch;
  const musl = platform === 'linux' && isMuslSystem(toElfInterpreter(readHead('/bin/sh', 4096)), listLoaders());
  return { platform, arch: cpu, musl, avx2: cpu === 'x64' ? readAvx2(platform) : undefined };
}

/**
 * The target `self update` fetches: the one the installer would pick on this machine. Where the processor cannot be
 * asked about AVX2 (Windows), the running build's own variant: the installer chose it there.
 */
export function toUpdateTarget(machine: Machine, running: string, targets: readonly string[]): string | undefined {
  const avx2 = machine.avx2 ?? !running.endsWith('-baseline');
  return toTarget(machine.platform, machine.arch, targets, { musl: machine.musl, avx2 });
}
