import { readFileSync, writeFileSync } from 'node:fs';

/**
 * `npm run lock:complete`: records in package-lock.json the platform-specific optional dependencies that the
 * registry this project installs from does not serve (some darwin/win32 builds of Astro's compiler and of
 * Pagefind). npm install then leaves them out of the lock, and `npm ci` refuses a lock that misses any
 * optional dependency. Each stub names its platform, so npm skips it on every other one.
 */
type Entry = { version?: string; optional?: boolean; os?: string[]; cpu?: string[]; optionalDependencies?: Record<string, string> };

const OS: Record<string, string> = {
  darwin: 'darwin',
  linux: 'linux',
  win32: 'win32',
  windows: 'win32',
  android: 'android',
  freebsd: 'freebsd',
};
const CPU = ['x64', 'arm64', 'ia32', 'arm', 'wasm32', 'riscv64', 'ppc64', 's390x'];

/** The os/cpu a platform package name says it is for, e.g. `@x/binding-darwin-arm64` → darwin, arm64. */
export function toPlatform(name: string): { os?: string[]; cpu: string[] } | undefined {
  const parts = name.split('/').pop()!.split('-');
  const os = parts.map((p) => OS[p]).find(Boolean);
  const cpu = parts.find((p) => CPU.includes(p));
  return cpu ? { ...(os ? { os: [os] } : {}), cpu: [cpu] } : undefined;
}

/** Adds a stub for every optional dependency the lock lacks; returns the names added and those it could not place. */
export function completeLock(lock: { packages: Record<string, Entry> }): { added: string[]; unknown: string[] } {
  const added: string[] = [];
  const unknown: string[] = [];
  for (const entry of Object.values(lock.packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const key = `node_modules/${name}`;
      if (lock.packages[key]) continue;
      const platform = toPlatform(name);
      if (!platform) {
        unknown.push(name);
        continue;
      }
      // npm's own key order (version, cpu, optional, os), so a later `npm install` rewrites nothing.
      lock.packages[key] = { version, cpu: platform.cpu, optional: true, ...(platform.os ? { os: platform.os } : {}) };
      added.push(name);
    }
  }
  lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)));
  return { added, unknown };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
  const { added, unknown } = completeLock(lock);
  writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
  console.log(
    added.length
      ? `Recorded ${added.length} optional platform packages: ${added.join(', ')}`
      : 'package-lock.json already lists every optional dependency',
  );
  if (unknown.length) {
    console.error(`No platform could be read from: ${unknown.join(', ')}`);
    process.exit(1);
  }
}
