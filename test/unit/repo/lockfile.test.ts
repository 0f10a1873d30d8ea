import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { completeLock, toPlatform } from '../../../scripts/complete-lock.ts';

// `npm ci` refuses a lock that misses any optional dependency; the registry here does not serve some platform
// builds, so `npm install` leaves them out (fix: `npm run lock:complete`). And `npm install` on a fresh clone
// must leave the lock as committed, so the stubs are written the way npm itself writes them.
describe('package-lock.json', () => {
  it('lists every optional dependency, so npm ci accepts it on a fresh clone', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
    expect(completeLock(lock)).toEqual({ added: [], unknown: [] });
  });

  it('is written as npm writes it (key order, sorting), so npm install rewrites nothing', () => {
    const text = readFileSync('package-lock.json', 'utf8');
    const lock = JSON.parse(text);
    completeLock(lock);
    expect(`${JSON.stringify(lock, null, 2)}\n`).toBe(text);
  });

  it("pins the Miniflare wrangler runs: the tests start the worker on wrangler's own Miniflare and workerd, installed once", () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { version?: string; dependencies?: Record<string, string> }>;
    };
    const ours = lock.packages['node_modules/miniflare']!.version;
    expect(lock.packages['node_modules/wrangler']!.dependencies!.miniflare).toBe(ours);
    expect(Object.keys(lock.packages).filter((path) => /(^|\/)node_modules\/(miniflare|workerd)$/.test(path))).toEqual([
      'node_modules/miniflare',
      'node_modules/workerd',
    ]);
  });

  it('reads the platform from a package name', () => {
    expect(toPlatform('@astrojs/compiler-binding-darwin-arm64')).toEqual({ os: ['darwin'], cpu: ['arm64'] });
    expect(toPlatform('@pagefind/windows-x64')).toEqual({ os: ['win32'], cpu: ['x64'] });
    expect(toPlatform('@astrojs/compiler-binding-wasm32-wasi')).toEqual({ cpu: ['wasm32'] });
    expect(toPlatform('left-pad')).toBeUndefined();
  });
});
