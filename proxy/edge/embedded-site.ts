import type { Errors } from '../../src/schemas/problem.ts';
import type { SiteFacts } from '../config.ts';
import type { RawFile } from '../static/static-files.ts';

/** What the dist folder was built for (its `_build.json`), carried into the worker to check its bindings against. */
export interface BuiltFor {
  base_url: string;
  app_url: string;
  auth_issuer: string;
}

/** One dist file as embedded in the bundle: UTF-8 text kept readable, anything else as base64. */
export type EmbeddedFile = { path: string; etag: string; text: string } | { path: string; etag: string; base64: string };

/** Everything the worker cannot read at run time, captured at bundle time: content facts, build addresses and dist. */
export interface EmbeddedSite {
  facts: SiteFacts;
  builtFor: BuiltFor;
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

/** The subset of content facts the app reads, so the bundle carries nothing else. */
export function toSiteFacts(content: { site: SiteFacts['site']; errors: Errors }): SiteFacts {
  const { product, docs_path, access_scope, mcp } = content.site;
  return { site: { product: { name: product.name }, docs_path, access_scope, mcp: { public_methods: mcp.public_methods } }, errors: content.errors };
}
