import { AGENT_LINKS, toLinkValue } from '../facts/agent-links.ts';
import { CONTENT_TYPE_BY_PATH, MARKDOWN_TYPE } from '../facts/content-types.ts';
import { ASSET_FILES, ASSET_PREFIXES, isAssetPath, REWRITES, toUrl } from '../facts/paths.ts';
import { toAssetHeaders } from '../runtime/http/asset-headers.ts';

/** One `_headers` rule: a URL pattern and its header lines. */
type Rule = [pattern: string, headers: string[]];

/** The pattern a file of the asset store falls under: its prefix and extension (`/_astro/*.css`), or itself. */
function toPattern(path: string): string {
  const prefix = ASSET_PREFIXES.find((p) => path.startsWith(p));
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return prefix && dot > 0 ? `${prefix}*${name.slice(dot)}` : path;
}

/** A header name as `_headers` writes it: `Content-Type`. */
const toTitleCase = (name: string) => name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());

/**
 * `_headers` in the format Cloudflare and Netlify static hosting read, made from the rules the edge answers with, so
 * a file the CDN serves without the edge (facts/paths.ts: isAssetPath) carries the headers the edge sends for it:
 * - on every file, the agent links (RFC 8288) with absolute targets, as the edge sends them, and CORS for any origin;
 * - per prefix and extension of the asset store's files (`/_astro/*.js`), the content type, cache policy and
 *   `Vary: Accept-Encoding` of a compressible type;
 * - for a host without the edge (the documents are the edge's on Cloudflare), the content types of extension-less
 *   documents and the markdown type and noindex of twins.
 * `files` are dist's public paths; Cloudflare reads at most 100 rules, which prefixes and extensions keep within.
 */
export function toHeadersFile(baseUrl: string, files: Iterable<string>): string {
  const rules: Rule[] = [['/*', [`Link: ${toLinkValue(AGENT_LINKS, (path) => toUrl(baseUrl, path))}`, 'Access-Control-Allow-Origin: *']]];
  const assets = new Map<string, string[]>();
  for (const path of files) {
    if (!isAssetPath(path)) continue;
    const pattern = toPattern(path);
    const headers = Object.entries(toAssetHeaders(path)).map(([name, value]) => `${toTitleCase(name)}: ${value}`);
    const known = assets.get(pattern);
    if (known && known.join('\n') !== headers.join('\n')) throw new Error(`_headers: files under ${pattern} need different headers`);
    assets.set(pattern, headers);
  }
  rules.push(...[...assets].sort(([a], [b]) => a.localeCompare(b)));
  for (const [path, type] of Object.entries(CONTENT_TYPE_BY_PATH)) rules.push([path, [`Content-Type: ${type}`]]);
  rules.push(['/*.md', [`Content-Type: ${MARKDOWN_TYPE}`, 'X-Robots-Tag: noindex']]);
  return rules.map(([pattern, headers]) => `${pattern}\n${headers.map((h) => `  ${h}`).join('\n')}\n`).join('');
}

/** `_redirects` in the same hosts' format: the REWRITES table as 200 rewrites. */
export function toRedirectsFile(): string {
  return Object.entries(REWRITES)
    .map(([from, to]) => `${from} ${to} 200\n`)
    .join('');
}

/**
 * Workers Static Assets' `run_worker_first` (wrangler.jsonc): every path is the edge's (proxy/routes.ts: pages and
 * twins negotiated, documents with their CORS, links and token counts, health, problems, the MCP endpoints), but the
 * asset store's own (facts/paths.ts: isAssetPath), which the CDN serves without invoking the worker.
 */
export function toRunWorkerFirst(): string[] {
  return ['/*', ...ASSET_PREFIXES.map((prefix) => `!${prefix}*`), ...ASSET_FILES.map((file) => `!${file}`)];
}
