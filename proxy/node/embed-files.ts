import type { RawFile } from '../static/static-files.ts';
import type { EmbeddedFile } from '../edge/embedded-site.ts';

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

function toText(body: Uint8Array): string | undefined {
  try {
    const text = decoder.decode(body);
    // Valid UTF-8 always re-encodes to the same bytes; checked anyway, since the ETags describe those bytes.
    const again = encoder.encode(text);
    return again.length === body.length && again.every((byte, i) => byte === body[i]) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Encodes dist files for the bundle: text as strings (smaller and compressible), binary files as base64. */
export function toEmbeddedFiles(files: readonly RawFile[]): EmbeddedFile[] {
  return files.map(({ path, etag, body }) => {
    const text = toText(body);
    return text === undefined ? { path, etag, base64: Buffer.from(body).toString('base64') } : { path, etag, text };
  });
}
