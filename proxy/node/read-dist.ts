import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { RawFile } from '../static/static-files.ts';

/** A strong ETag from the file's bytes, so it survives rebuilds that change nothing (RFC 9110 §8.8.3). */
export function toEtag(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** Reads every file under a dist folder into memory once, at start (DESIGN "Facts": ~3× faster than disk). */
export function readDist(dir: string): RawFile[] {
  return [...walk(dir)].map((file) => {
    const body = new Uint8Array(readFileSync(file));
    return { path: `/${relative(dir, file).split(sep).join('/')}`, body, etag: toEtag(body) };
  });
}
