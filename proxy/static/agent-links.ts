import { AGENT_LINKS, toLinkValue } from '../../facts/agent-links.ts';
import { toTwinPath, toUrl } from '../../facts/paths.ts';

const made = new Map<string, string>();

/** The `Link` header every answer carries (facts/agent-links.ts), made once per base URL. */
export function toAgentLinks(baseUrl: string): string {
  let links = made.get(baseUrl);
  if (!links) {
    links = toLinkValue(AGENT_LINKS, (path) => toUrl(baseUrl, path));
    made.set(baseUrl, links);
  }
  return links;
}

// Made once per page: callers ask only for paths of pages that exist, so the table is as large as the site.
const pages = new Map<string, string>();
const once = (key: string, make: () => string): string => {
  let links = pages.get(key);
  if (links === undefined) {
    links = make();
    pages.set(key, links);
  }
  return links;
};

/** A page's `Link`: the agent links and its markdown twin (`rel="alternate"; type="text/markdown"`). */
export function toPageLinks(baseUrl: string, pagePath: string): string {
  return once(
    `page ${baseUrl}${pagePath}`,
    () => `${toAgentLinks(baseUrl)}, <${toUrl(baseUrl, toTwinPath(pagePath))}>; rel="alternate"; type="text/markdown"`,
  );
}

/** A twin's `Link`: the agent links and its HTML page as the canonical copy (RFC 6596), so search engines index the page. */
export function toTwinLinks(baseUrl: string, pagePath: string): string {
  return once(`twin ${baseUrl}${pagePath}`, () => `${toAgentLinks(baseUrl)}, <${toUrl(baseUrl, pagePath)}>; rel="canonical"`);
}
