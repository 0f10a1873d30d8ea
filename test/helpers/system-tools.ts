import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Programs the tests run that npm cannot provide, each a Debian package: Chromium's headless shell (browser tests,
 * driven by playwright-core), ShellCheck and dash (installer tests), ssh-keygen (release signatures), and what runs the
 * CLI's other Linux targets here: qemu-user with Debian's aarch64 C library, musl's loader and musl-gcc
 * (linux-x64-musl), Debian's libstdc++ for it; LLVM's objcopy as an independent Mach-O signer; util-linux's unshare
 * and mount (other machines for the installer tests; qemu-user also runs the -baseline builds on a CPU without AVX2).
 */
export const SYSTEM_TOOLS = [
  { name: 'chromium-headless-shell', path: '/usr/bin/chromium-headless-shell' },
  { name: 'shellcheck', path: '/usr/bin/shellcheck' },
  { name: 'dash', path: '/usr/bin/dash' },
  { name: 'openssh-client', path: '/usr/bin/ssh-keygen' },
  { name: 'qemu-user', path: '/usr/bin/qemu-aarch64' },
  { name: 'libc6-arm64-cross', path: '/usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1' },
  { name: 'musl', path: '/lib/ld-musl-x86_64.so.1' },
  { name: 'musl-tools', path: '/usr/bin/musl-gcc' },
  { name: 'libstdc++6', path: '/usr/lib/x86_64-linux-gnu/libstdc++.so.6' },
  { name: 'llvm', path: '/usr/bin/llvm-objcopy' },
  // unshare and mount: the installer tests make other machines with bind mounts in a mount namespace.
  { name: 'util-linux', path: '/usr/bin/unshare' },
] as const;

/** The Debian packages among SYSTEM_TOOLS that are not installed. */
export function findMissingTools(exists: (path: string) => boolean = existsSync): string[] {
  return SYSTEM_TOOLS.filter((tool) => !exists(tool.path)).map((tool) => tool.name);
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function aptGet(args: string[]): Promise<void> {
  const child = spawn('apt-get', args, {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  return new Promise((done, fail) => {
    child.once('error', (error) => fail(new Error(`apt-get ${args.join(' ')} failed: ${error.message}`)));
    child.once('close', (status) => {
      if (status === 0) return done();
      const why = stderr.trim().split('\n').pop() || `exit ${status}`;
      fail(new Error(`apt-get ${args.join(' ')} failed: ${why}`));
    });
  });
}

/**
 * Makes sure the system tools exist before any test runs. As root it installs what is missing from
 * Debian's archive (beside the builds, which need none of them); as anyone else it stops
 * the run with one message naming the command to run, rather than letting tests skip or fail one by one.
 */
export async function provideSystemTools(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Promise<void> {
  const missing = findMissingTools();
  if (missing.length === 0) return;
  const install = ['install', '-y', '-qq', '--no-install-recommends', ...missing];
  if (!isRoot()) {
    throw new Error(`npm test needs the Debian packages ${missing.join(', ')}. Install them once with: sudo apt-get ${install.join(' ')}`);
  }
  log(`Installing Debian packages the tests need: ${missing.join(', ')} …`);
  await aptGet(['update', '-qq']);
  await aptGet(install);
  const still = findMissingTools();
  if (still.length > 0) throw new Error(`apt-get installed ${missing.join(', ')} but ${still.join(', ')} is still missing`);
  log(`Installed ${missing.join(', ')}.`);
}
