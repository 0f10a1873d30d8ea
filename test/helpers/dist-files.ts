import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REWRITES } from '../../facts/paths.ts';
import { DIST } from './built-site.ts';

/** Paths answered by the edge server, not by a built file (contract ENDPOINT-3, ENDPOINT-4, ENDPOINT-10, ENDPOINT-11). */
export const DYNAMIC_PATHS = new Set(['/api/health', '/api/v1/health', '/api/search', '/mcp', '/.well-known/mcp', '/mcp/docs']);

/** The built file that a public path is served from, or undefined (the static resolution a CDN applies). */
export function toDistFile(path: string, dist = DIST): string | undefined {
  const clean = decodeURIComponent(path.split('#')[0]!.split('?')[0]!);
  const rewritten = REWRITES[clean] ?? clean;
  const candidates = rewritten === '/' ? ['index.html'] : [rewritten.slice(1), `${rewritten.slice(1)}.html`];
  return candidates.map((c) => join(dist, c)).find((f) => existsSync(f) && statSync(f).isFile());
}

/** Reads a built file by its public path; throws when there is none. */
export function readBuilt(path: string): string {
  const file = toDistFile(path);
  if (!file) throw new Error(`no built file serves ${path}`);
  return readFileSync(file, 'utf8');
}

/** Reads and parses a built JSON document by its public path. */
export function readBuiltJson<T = Record<string, unknown>>(path: string): T {
  return JSON.parse(readBuilt(path)) as T;
}
