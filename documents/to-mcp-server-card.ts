import type { Content } from '../content-model/read-content.ts';
import { PATHS, toUrl } from '../facts/paths.ts';
import { toMcpIdentity, toMcpRemotes } from './to-mcp-server-facts.ts';
import { toProtectedResource } from './to-protected-resource.ts';
import { toToolsList } from './to-tools-list.ts';

/** The `$schema` every server card names (SEP-2127 server cards, experimental-ext-server-card schema.ts: "Must be the /v1/ Server Card schema URL"). */
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
/** The MCP Registry's server.json schema this document follows (the registry's released schema of 2025-12-11). */
export const SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';
/** server.json `_meta` key for a publisher's own data (MCP Registry, official registry requirements). */
export const REGISTRY_PUBLISHER_META = 'io.modelcontextprotocol.registry/publisher-provided';

/** `_meta` keys are reverse-DNS namespaced: ours is the server name's namespace (`example.warden/warden` → `example.warden`). */
function toMetaKey(content: Content, name: string): string {
  return `${content.site.mcp.server_name.split('/')[0]}/${name}`;
}

/**
 * How tool calls are authorized, from the same facts as the RFC 9728 metadata: which methods need no token, where the
 * protected-resource metadata is, and the resource, authorization servers and scopes it names.
 */
export function toMcpAuthorization(content: Content): Record<string, unknown> {
  const { resource, authorization_servers, scopes_supported } = toProtectedResource(content);
  return {
    type: 'oauth2',
    public_methods: content.site.mcp.public_methods,
    resource_metadata: toUrl(content.site.base_url, PATHS.protectedResource),
    resource,
    authorization_servers,
    scopes_supported,
  };
}

/**
 * The MCP server card at /.well-known/mcp/server-card.json (SEP-2127; the address Mintlify and Cloudflare serve it at):
 * identity and the Streamable HTTP endpoints with their protocol versions. A card lists no primitives and no auth
 * block of its own, so the tools (name, title, description, annotations; schemas in /mcp/tools.json) and the
 * authorization facts go under namespaced `_meta` keys, as the card's schema leaves vendor data.
 */
export function toMcpServerCard(content: Content): Record<string, unknown> {
  return {
    $schema: SERVER_CARD_SCHEMA,
    ...toMcpIdentity(content.site),
    remotes: toMcpRemotes(content.site),
    _meta: {
      [toMetaKey(content, 'authorization')]: toMcpAuthorization(content),
      [toMetaKey(content, 'tools')]: toToolsList(content.tools).tools.map(({ name, title, description, annotations }) => ({
        name,
        title,
        description,
        annotations,
      })),
      [toMetaKey(content, 'tools_list')]: toUrl(content.site.base_url, PATHS.toolsJson),
    },
  };
}

/**
 * server.json in the MCP Registry's schema, for publishing Warden's remote server: the identity, the same-host
 * Streamable HTTP endpoint, and (under the registry's publisher-provided `_meta`) the authorization facts and the
 * tool names. No `headers`: the token comes from the OAuth flow the 401 challenge starts, not from a value to paste.
 */
export function toMcpServerJson(content: Content): Record<string, unknown> {
  return {
    $schema: SERVER_JSON_SCHEMA,
    ...toMcpIdentity(content.site),
    remotes: [{ type: 'streamable-http', url: toUrl(content.site.base_url, PATHS.mcp) }],
    _meta: {
      [REGISTRY_PUBLISHER_META]: {
        [toMetaKey(content, 'authorization')]: toMcpAuthorization(content),
        [toMetaKey(content, 'tools')]: content.tools.map((t) => t.name),
      },
    },
  };
}
