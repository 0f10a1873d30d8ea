import { PATHS, toTwinPath, toUrl } from '../../facts/paths.ts';

const made = new Map<string, string>();

/**
 * The `Link` header (RFC 8288) every answer carries, made once per base URL: where an agent finds the index of the
 * docs (llms.txt, `rel="describedby"` with its type, as llms.txt v2 discovery and the pages' `<link>` say), the
 * API catalog (RFC 9727 §3, `rel="api-catalog"`) and the OpenAPI document (RFC 8631 §3, `rel="service-desc"`).
 * Registered relation types only (RFC 8288 §2.1.1): an unregistered name such as `llms-txt` is not a valid one.
 */
export function toAgentLinks(baseUrl: string): string {
  let links = made.get(baseUrl);
  if (!links) {
    links = [
      `<${toUrl(baseUrl, PATHS.llms)}>; rel="describedby"; type="text/plain"`,
      `<${toUrl(baseUrl, PATHS.apiCatalog)}>; rel="api-catalog"`,
      `<${toUrl(baseUrl, PATHS.openapi)}>; rel="service-desc"; type="application/json"`,
    ].join(', ');
    made.set(baseUrl, links);
  }
  return links;
}

// Made once per page: callers ask only for paths of pages that exist, so the table is as large as the site.
const pages = new Map<string, string>();
const once = (key: string, make: () => string) => pages.get(key) ?? (pages.set(key, make()), pages.get(key)!);

/** A page's `Link`: the agent links and its markdown twin (`rel="alternate"; type="text/markdown"`). */
export function toPageLinks(baseUrl: string, pagePath: string): string {
  return once(`page ${baseUrl}${pagePath}`, () => `${toAgentLinks(baseUrl)}, <${toUrl(baseUrl, toTwinPath(pagePath))}>; rel="alternate"; type="text/markdown"`);
}

/** A twin's `Link`: the agent links and its HTML page as the canonical copy (RFC 6596), so search engines index the page. */
export function toTwinLinks(baseUrl: string, pagePath: string): string {
  return once(`twin ${baseUrl}${pagePath}`, () => `${toAgentLinks(baseUrl)}, <${toUrl(baseUrl, pagePath)}>; rel="canonical"`);
}
