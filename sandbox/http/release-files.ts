import { createReadStream, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve, sep } from 'node:path';
import { RELEASES_PATH } from '../../facts/paths.ts';
import { MANIFEST_FILE } from '../../runtime/release/release-layout.ts';
import { toIndexFormat, toReleaseIndex, type ReleaseEntry } from './release-index.ts';

/** The file or folder under `dir` that a request path after RELEASES_PATH names, or undefined for anything else. */
export function toReleaseTarget(dir: string, rest: string): { path: string; folder: boolean } | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest || '/');
  } catch {
    return undefined;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.split('/').some((s) => s === '..' || s === '.')) return undefined;
  const root = resolve(dir);
  const path = resolve(join(root, decoded));
  if (path !== root && !path.startsWith(`${root}${sep}`)) return undefined;
  try {
    const stat = statSync(path);
    if (stat.isFile()) return { path, folder: false };
    return stat.isDirectory() ? { path, folder: true } : undefined;
  } catch {
    return undefined;
  }
}

/** The file under `dir` that a request path after RELEASES_PATH names, or undefined for anything else. */
export function toReleaseFile(dir: string, rest: string): string | undefined {
  const target = toReleaseTarget(dir, rest);
  return target && !target.folder ? target.path : undefined;
}

/** A folder's entries, folders first, then by name; files the release host keeps for itself are not listed. */
function readEntries(folder: string): ReleaseEntry[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((e) => (e.isDirectory() || e.isFile()) && !e.name.startsWith('.') && e.name !== MANIFEST_FILE)
    .map((e) =>
      e.isDirectory() ? { name: e.name, folder: true } : { name: e.name, folder: false, size: statSync(join(folder, e.name)).size },
    )
    .sort((a, b) => Number(b.folder) - Number(a.folder) || a.name.localeCompare(b.name));
}

const TYPES: Record<string, string> = { '.tar.gz': 'application/gzip', '.zip': 'application/zip' };

/** Serves the release folder read-only: each folder's index, archives as gzip or zip, SHA256SUMS as text, 404 for anything else. */
export function serveReleaseFile(
  req: IncomingMessage,
  res: ServerResponse,
  dir: string | undefined,
  path: string,
  title = 'CLI release',
): void {
  const target = dir ? toReleaseTarget(dir, path.slice(RELEASES_PATH.length)) : undefined;
  if (target?.folder && (req.method === 'GET' || req.method === 'HEAD')) {
    // A folder answers its index, as a release host's listing does: what an agent or a person following the
    // release archive's address from llms.txt or the docs can use (RFC 9110 §12.5.1 negotiation, so Vary: Accept).
    const format = toIndexFormat(req.headers.accept);
    const body = Buffer.from(toReleaseIndex(title, path.endsWith('/') ? path : `${path}/`, readEntries(target.path), format));
    res.writeHead(200, {
      'content-type': format === 'html' ? 'text/html; charset=utf-8' : 'text/markdown; charset=utf-8',
      'content-length': body.byteLength,
      'cache-control': 'no-cache',
      vary: 'Accept',
    });
    return void res.end(req.method === 'HEAD' ? undefined : body);
  }
  const file = target && !target.folder ? target.path : undefined;
  if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
    res.writeHead(target ? 405 : 404, { 'content-type': 'text/plain; charset=utf-8', ...(target ? { allow: 'GET, HEAD' } : {}) });
    res.end(target ? '405 Method Not Allowed\n' : '404 Not Found\n');
    return;
  }
  const type = Object.entries(TYPES).find(([suffix]) => file.endsWith(suffix))?.[1] ?? 'text/plain; charset=utf-8';
  res.writeHead(200, { 'content-type': type, 'content-length': statSync(file).size, 'cache-control': 'no-cache' });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file)
    .on('error', (error) => res.destroy(error))
    .pipe(res);
}
