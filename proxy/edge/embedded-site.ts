import type { BuildFacts } from '../../src/schemas/build-facts.ts';
import type { RawFile } from '../static/static-files.ts';

/** One dist file as embedded in the bundle: UTF-8 text kept readable, anything else as base64. */
export type EmbeddedFile = { path: string; etag: string; text: string } | { path: string; etag: string; base64: string };

/** Everything the worker cannot read at run time, captured at bundle time: the build's facts (its `_build.json`) and dist. */
export interface EmbeddedSite {
  facts: BuildFacts;
  files: EmbeddedFile[];
}

function fromBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Turns the embedded files back into the bytes the Node entry would have read from dist (runtime-neutral). */
export function toRawFiles(files: readonly EmbeddedFile[]): RawFile[] {
  const encoder = new TextEncoder();
  return files.map((file) => ({
    path: file.path,
    etag: file.etag,
    body: 'text' in file ? encoder.encode(file.text) : fromBase64(file.base64),
  }));
}
