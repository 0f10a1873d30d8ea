import { CONTENT_TYPE_BY_PATH, MARKDOWN_TYPE } from '../../facts/content-types.ts';
import { AGENT_LINKS, toLinkValue } from '../../facts/agent-links.ts';
import { REWRITES } from '../../facts/paths.ts';
import { IMMUTABLE } from '../../runtime/http/cache-control.ts';

/**
 * `_headers` in the format Netlify and Cloudflare static hosting read: the agent links on every file (RFC 8288;
 * relative targets, RFC 8288 §3.2, so the file holds for any host), the content types a CDN cannot guess for
 * extension-less documents, and noindex on markdown twins.
 * Negotiation on `Accept` is not expressible here; it needs the edge server (see README).
 */
export function toHeadersFile(): string {
  const rules: Array<[string, string[]]> = Object.entries(CONTENT_TYPE_BY_PATH).map(([path, type]) => [path, [`Content-Type: ${type}`]]);
  rules.unshift(['/*', [`Link: ${toLinkValue(AGENT_LINKS)}`]]);
  rules.push(['/*.md', [`Content-Type: ${MARKDOWN_TYPE}`, 'X-Robots-Tag: noindex']]);
  // Build assets have content hashes in their names: they never change under one name.
  rules.push(['/_astro/*', [`Cache-Control: ${IMMUTABLE}`]]);
  return rules.map(([path, headers]) => `${path}\n${headers.map((h) => `  ${h}`).join('\n')}\n`).join('');
}

/** `_redirects` in the same hosts' format: the REWRITES table as 200 rewrites. */
export function toRedirectsFile(): string {
  return Object.entries(REWRITES)
    .map(([from, to]) => `${from} ${to} 200\n`)
    .join('');
}
