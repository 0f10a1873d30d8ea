import type { Content } from '../content-model/read-content.ts';
import { LINKSET_TYPE } from '../facts/content-types.ts';
import { PATHS, toUrl } from '../facts/paths.ts';
import { toExampleUrl } from './to-example-url.ts';

/** RFC 9727 media type of the API catalog, with its profile (§4.2). */
export const API_CATALOG_TYPE = LINKSET_TYPE;

/** Builds the RFC 9727 API catalog as an RFC 9264 linkset: every relation value is an array of absolute targets. */
export function toApiCatalog({ site, operations }: Content): { linkset: Array<Record<string, unknown>> } {
  const at = (path: string) => toUrl(site.base_url, path);
  return {
    linkset: [
      { anchor: at(PATHS.apiCatalog), item: [{ href: site.base_url, title: `${site.product.name} public interface` }] },
      {
        anchor: site.base_url,
        'service-desc': [{ href: at(PATHS.openapi), type: 'application/vnd.oai.openapi+json;version=3.1' }],
        'service-doc': [
          { href: at(site.docs_path), type: 'text/html', title: 'Documentation' },
          { href: at(PATHS.llms), type: 'text/plain', title: 'llms.txt' },
          // The search answers a question in `q`: the link is its operation's own example (content/operations/), so it
          // resolves like every other target here.
          ...operations
            .filter((op) => op.path === PATHS.search)
            .map((op) => ({
              href: toExampleUrl(op, site.base_url),
              type: 'application/json',
              title: 'Search the docs: GET /api/search?q=<question> (JSON; markdown with Accept: text/markdown)',
            })),
        ],
        'service-meta': [
          { href: at(PATHS.protectedResource), type: 'application/json', title: 'OAuth protected-resource metadata' },
          { href: at(PATHS.mcpManifest), type: 'application/json', title: 'Tool product manifest' },
          { href: at(PATHS.aiCatalog), type: 'application/json', title: 'AI Catalog: the MCP server and the Agent Skill' },
        ],
        status: [{ href: at(PATHS.health), type: 'application/json' }],
      },
    ],
  };
}
