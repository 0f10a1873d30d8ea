import { PATHS, REWRITES } from './paths.ts';

/** RFC 9727 §2: the api-catalog is Linkset JSON with the RFC 9727 profile. */
export const LINKSET_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';
/** Markdown twins (RFC 7763). */
export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';
/** HTML pages. */
export const HTML_TYPE = 'text/html; charset=utf-8';

const BY_EXTENSION: Record<string, string> = {
  html: HTML_TYPE,
  md: MARKDOWN_TYPE,
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  map: 'application/json',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  wasm: 'application/wasm',
  webmanifest: 'application/manifest+json',
  pdf: 'application/pdf',
  // PowerShell's Invoke-RestMethod hands a text/* body to `iex` as a string (the Windows installer, `/install.ps1`).
  ps1: 'text/plain; charset=utf-8',
};

/** Content types of the public documents whose file name does not tell (extension-less or not JSON-typed). */
export const CONTENT_TYPE_BY_PATH: Readonly<Record<string, string>> = {
  [PATHS.apiCatalog]: LINKSET_TYPE,
  [PATHS.apiCatalogJson]: LINKSET_TYPE,
  [PATHS.devCatalog]: 'application/json',
  [PATHS.protectedResourceMcp]: 'application/json',
  [PATHS.protectedResourceWellKnownMcp]: 'application/json',
  [REWRITES[PATHS.protectedResource]!]: 'application/json',
  // A server card's own type (experimental-ext-server-card: hosts SHOULD serve it as such), where no extension names one.
  [PATHS.mcpDocsServerCard]: 'application/mcp-server-card+json',
  // The installer is fetched with `curl … | sh` (contract SERVICE-6); a shell type, readable as text.
  [PATHS.install]: 'text/x-shellscript; charset=utf-8',
};
const BY_PATH = CONTENT_TYPE_BY_PATH;

function sniff(body: Uint8Array): string {
  let i = 0;
  while (i < body.length && (body[i] === 0x20 || body[i] === 0x0a || body[i] === 0x0d || body[i] === 0x09)) i++;
  if (body[i] === 0x7b || body[i] === 0x5b) return 'application/json'; // `{` or `[`: the extension-less JSON documents
  if (body[i] === 0x23 && body[i + 1] === 0x21) return 'text/x-shellscript; charset=utf-8'; // `#!`
  return 'application/octet-stream';
}

/** The Content-Type the path alone tells: fixed for named public paths, else by extension; undefined for other extension-less files. */
export function toKnownContentType(path: string): string | undefined {
  const fixed = BY_PATH[path];
  if (fixed) return fixed;
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return undefined;
  return BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** The Content-Type of a dist file: fixed for named public paths, by extension otherwise, sniffed for extension-less files. */
export function toContentType(path: string, body: Uint8Array): string {
  return toKnownContentType(path) ?? sniff(body);
}
