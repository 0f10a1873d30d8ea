import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listFiles } from '../../runtime/node/list-files.ts';
import type { RawFile } from '../static/static-files.ts';

/** A strong ETag from the file's bytes, so it survives rebuilds that change nothing (RFC 9110 §8.8.3). */
export function toEtag(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Reads every file under a dist folder into memory once, at start: answering from memory is far cheaper than streaming from disk (BENCHMARKS.md). */
export function readDist(dir: string): RawFile[] {
  return listFiles(dir).map((file) => {
    const body = readFileSync(join(dir, file));
    return { path: `/${file}`, body, etag: toEtag(body) };
  });
}
