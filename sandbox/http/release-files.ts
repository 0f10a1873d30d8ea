import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve, sep } from 'node:path';
import { RELEASES_PATH } from '../../facts/paths.ts';

/** The file under `dir` that a request path after RELEASES_PATH names, or undefined for anything else. */
export function toReleaseFile(dir: string, rest: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.split('/').some((s) => s === '..' || s === '.')) return undefined;
  const root = resolve(dir);
  const file = resolve(join(root, decoded));
  if (!file.startsWith(`${root}${sep}`)) return undefined;
  try {
    return statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Serves the release folder read-only: archives as gzip, SHA256SUMS as text, 404 for anything else. */
export function serveReleaseFile(req: IncomingMessage, res: ServerResponse, dir: string | undefined, path: string): void {
  const file = dir ? toReleaseFile(dir, path.slice(RELEASES_PATH.length)) : undefined;
  if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
    res.writeHead(file ? 405 : 404, { 'content-type': 'text/plain; charset=utf-8', ...(file ? { allow: 'GET, HEAD' } : {}) });
    res.end(file ? '405 Method Not Allowed\n' : '404 Not Found\n');
    return;
  }
  const type = file.endsWith('.tar.gz') ? 'application/gzip' : 'text/plain; charset=utf-8';
  res.writeHead(200, { 'content-type': type, 'content-length': statSync(file).size, 'cache-control': 'no-cache' });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file).on('error', (error) => res.destroy(error)).pipe(res);
}
