import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasAvx2Flag, isMuslSystem, readMachine, toElfInterpreter, toUpdateTarget } from '../../../../cli/core/machine.ts';

// How the CLI reads a machine for `self update`, checked against real files and readelf's own reading of them (the
// installer's reading of the same machines, and their agreement, is test/build/install-sh.test.ts).

/** The interpreter readelf names for a file, or undefined. */
function readelfInterpreter(file: string): string | undefined {
  return /\[Requesting program interpreter: ([^\]]+)\]/.exec(execFileSync('readelf', ['-l', file], { encoding: 'utf8' }))?.[1];
}

describe('the ELF program interpreter', () => {
  it.each(['/bin/sh', '/usr/bin/env', process.execPath])('%s: the one readelf names', (file) => {
    const expected = readelfInterpreter(file);
    expect(expected).toMatch(/\/ld-/);
    expect(toElfInterpreter(readFileSync(file).subarray(0, 4096))).toBe(expected);
  });

  it("musl's loader itself (static, no interpreter), a script and nothing: none", () => {
    expect(toElfInterpreter(readFileSync('/lib/ld-musl-x86_64.so.1'))).toBeUndefined();
    expect(toElfInterpreter(Buffer.from('#!/bin/sh\necho hi\n'))).toBeUndefined();
    expect(toElfInterpreter(new Uint8Array())).toBeUndefined();
    // An ELF header whose program headers lie past the bytes given.
    expect(toElfInterpreter(readFileSync('/bin/sh').subarray(0, 80))).toBeUndefined();
  });
});

describe('the C library, by the system’s own loader', () => {
  it('takes the interpreter of /bin/sh first, then the glibc loader, then musl’s', () => {
    expect(isMuslSystem('/lib/ld-musl-x86_64.so.1', ['ld-linux-x86-64.so.2'])).toBe(true);
    expect(isMuslSystem('/lib64/ld-linux-x86-64.so.2', ['ld-musl-x86_64.so.1'])).toBe(false);
    expect(isMuslSystem(undefined, ['ld-musl-x86_64.so.1', 'ld-linux-x86-64.so.2'])).toBe(false);
    expect(isMuslSystem(undefined, ['ld-musl-x86_64.so.1'])).toBe(true);
    expect(isMuslSystem(undefined, [])).toBe(false);
  });

  it('finds glibc on this Debian machine, which has musl installed too', () => {
    expect(readFileSync('/etc/os-release', 'utf8')).toMatch(/debian/i);
    expect(readMachine('linux', 'x64').musl).toBe(false);
  });
});

describe('AVX2', () => {
  it('reads the first processor’s flags from cpuinfo text', () => {
    expect(hasAvx2Flag('processor\t: 0\nflags\t\t: fpu sse2 avx avx2 bmi2\n')).toBe(true);
    expect(hasAvx2Flag('processor\t: 0\nflags\t\t: fpu sse2 avx avx512f\n')).toBe(false);
    expect(hasAvx2Flag('processor\t: 0\nFeatures\t: fp asimd\n')).toBe(false);
  });

  it("agrees with this machine's /proc/cpuinfo", () => {
    const flags = /^flags\s*:(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim().split(/\s+/) ?? [];
    expect(readMachine('linux', 'x64').avx2).toBe(flags.includes('avx2'));
  });

  it('keeps the running build’s variant where the processor cannot be asked (Windows)', () => {
    const targets = ['windows-x64', 'windows-x64-baseline'];
    const windows = { platform: 'win32', arch: 'x64', musl: false, avx2: undefined };
    expect(toUpdateTarget(windows, 'windows-x64-baseline', targets)).toBe('windows-x64-baseline');
    expect(toUpdateTarget(windows, 'windows-x64', targets)).toBe('windows-x64');
    expect(toUpdateTarget({ ...windows, avx2: false }, 'windows-x64', targets)).toBe('windows-x64-baseline');
  });
});
