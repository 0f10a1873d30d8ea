import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Debian's aarch64 C library for qemu-user's `-L` (package libc6-arm64-cross). */
const ARM64_SYSROOT = '/usr/aarch64-linux-gnu';
const DIR = resolve('.test-dist-cli/musl');

/**
 * Debian has musl's loader and C library but no musl build of libstdc++, which Bun's musl runtime links.
 * The loader can take Debian's libstdc++ and libgcc_s once the few glibc-only symbols they name exist: this
 * library supplies them (what Alpine's gcompat package does at larger scale), compiled with musl-gcc.
 */
const COMPAT_SOURCE = `#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <locale.h>
#include <sys/random.h>
char __libc_single_threaded = 0;
struct { unsigned int vendor, type, subtype, features[1]; } __cpu_model;
int __cpu_indicator_init(void) { return 0; }
uint32_t arc4random(void) { uint32_t v = 0; getrandom(&v, sizeof v, 0); return v; }
size_t __strftime_l(char *s, size_t n, const char *f, const struct tm *t, locale_t l) { return strftime_l(s, n, f, t, l); }
int __cxa_thread_atexit_impl(void (*d)(void *), void *o, void *h) { (void)d; (void)o; (void)h; return 0; }
int _dl_find_object(void *pc, void *r) { (void)pc; (void)r; return -1; }
`;

/** The compat library, built once. */
export const MUSL_COMPAT = join(DIR, 'libcompat.so');

/** A folder where musl's loader finds libstdc++ and libgcc_s, and musl itself under glibc's library names. */
function prepareMusl(): string {
  const libs = join(DIR, 'lib');
  if (existsSync(MUSL_COMPAT) && existsSync(libs)) return libs;
  mkdirSync(libs, { recursive: true });
  writeFileSync(join(DIR, 'compat.c'), COMPAT_SOURCE);
  execFileSync('musl-gcc', ['-shared', '-fPIC', '-O2', '-o', MUSL_COMPAT, join(DIR, 'compat.c')]);
  const musl = '/usr/lib/x86_64-linux-musl/libc.so';
  const links: Record<string, string> = {
    'libstdc++.so.6': '/usr/lib/x86_64-linux-gnu/libstdc++.so.6',
    'libgcc_s.so.1': '/lib/x86_64-linux-gnu/libgcc_s.so.1',
    'libc.so.6': musl,
    'libm.so.6': musl,
    'ld-linux-x86-64.so.2': musl,
    'libc.musl-x86_64.so.1': musl,
  };
  for (const [name, target] of Object.entries(links)) if (!existsSync(join(libs, name))) symlinkSync(target, join(libs, name));
  return libs;
}

/**
 * The command line that runs `binary` of `target` on this x86_64 Debian machine. A -baseline build runs under
 * qemu-user emulating a Nehalem processor, which has no AVX or AVX2: what the baseline builds are for.
 */
export function runsOn(target: string, binary: string): string[] {
  if (target.endsWith('-baseline')) return ['qemu-x86_64', '-cpu', 'Nehalem', ...runsOn(target.replace(/-baseline$/, ''), binary)];
  if (target === 'linux-x64') return [binary];
  if (target === 'linux-arm64') return ['qemu-aarch64', '-L', ARM64_SYSROOT, binary];
  if (target === 'linux-x64-musl') return ['/lib/ld-musl-x86_64.so.1', '--library-path', prepareMusl(), '--preload', MUSL_COMPAT, binary];
  throw new Error(`no way to run ${target} here`);
}
