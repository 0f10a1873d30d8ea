import type { Content } from '../content-model/read-content.ts';
import { PATHS, toUrl } from '../facts/paths.ts';
import { toDocsServerFacts } from './to-docs-server.ts';
import { REGISTRY_PUBLISHER_META, SERVER_CARD_SCHEMA, SERVER_JSON_SCHEMA } from './to-mcp-server-card.ts';

/** The docs MCP server's section of the Connect page: its `websiteUrl`, and what a browser at its address reads. */
export const DOCS_SERVER_SECTION = 'the-docs-server';

/** `_meta` keys are reverse-DNS namespaced: the docs server's name's namespace (`example.warden/warden-docs` → `example.warden`). */
const toMetaKey = (content: Content, name: string) => `${content.site.mcp.docs_server.server_name.split('/')[0]}/${name}`;

/** The identity every document gives the docs MCP server: the one it gives clients in `initialize` and `server/discover`. */
function toDocsServerIdentity(content: Content) {
  const { name, title, version, description } = toDocsServerFacts(content);
  return { name, title, version, description, websiteUrl: toUrl(content.site.base_url, `${PATHS.connectMcpDoc}#${DOCS_SERVER_SECTION}`) };
}

/**
 * The docs MCP server's card (SEP-2127 server card), at `/mcp/docs/server-card`: its identity and its one Streamable
 * HTTP endpoint with the protocol versions it serves (the tool endpoint's). As on Warden's own card, the tools go
 * under a namespaced `_meta` key (a card lists no primitives); the authorization key says none is needed.
 */
export function toDocsServerCard(content: Content): Record<string, unknown> {
  const { tools } = toDocsServerFacts(content);
  return {
    $schema: SERVER_CARD_SCHEMA,
    ...toDocsServerIdentity(content),
    remotes: [
      {
        type: 'streamable-http',
        url: toUrl(content.site.base_url, PATHS.mcpDocs),
        supportedProtocolVersions: content.site.mcp.protocol_versions,
      },
    ],
    _meta: {
      [toMetaKey(content, 'authorization')]: { type: 'none' },
      [toMetaKey(content, 'tools')]: tools.map(({ name, title, description, annotations }) => ({ name, title, description, annotations })),
    },
  };
}

/** The docs MCP server in the MCP Registry's server.json format, at `/mcp/docs/server.json`: the same identity and endpoint. */
export function toDocsServerJson(content: Content): Record<string, unknown> {
  return {
    $schema: SERVER_JSON_SCHEMA,
    ...toDocsServerIdentity(content),
    remotes: [{ type: 'streamable-http', url: toUrl(content.site.base_url, PATHS.mcpDocs) }],
    _meta: {
      [REGISTRY_PUBLISHER_META]: {
        [toMetaKey(content, 'authorization')]: { type: 'none' },
        [toMetaKey(content, 'tools')]: toDocsServerFacts(content).tools.map((t) => t.name),
      },
    },
  };
}
