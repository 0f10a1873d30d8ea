import type { Content } from '../content-model/read-content.ts';
import { PATHS, toSkillPath, toUrl } from '../facts/paths.ts';
import { toSkillDigest } from '../runtime/skill-digest.ts';
import { toDocsServerFacts } from './to-docs-server.ts';
import { toSkillDescription, toSkillMd } from './to-skill-md.ts';

/** The catalog format this document follows (AI Catalog data model; Agentic Resource Discovery reads it). */
export const AI_CATALOG_SPEC_VERSION = '1.0';
/** The entry types the catalog uses: the MCP server card and a skill as markdown (ARD §3.3, the media-type registry). */
export const MCP_SERVER_CARD_TYPE = 'application/mcp-server-card+json';
export const AGENT_SKILL_MD_TYPE = 'text/markdown; profile="urn:air:agent-skills"';

/** One catalog entry by reference (ARD §4.2, §4.3: `url`, never `data`, so the entry and its document cannot drift). */
export interface AiCatalogEntry {
  identifier: string;
  displayName: string;
  type: string;
  url: string;
  description: string;
  version?: string;
  tags: string[];
  capabilities: string[];
  representativeQueries: string[];
  metadata: Record<string, string>;
}

export interface AiCatalog {
  specVersion: string;
  host: { displayName: string; identifier: string; documentationUrl: string };
  entries: AiCatalogEntry[];
}

/**
 * `urn:air:<publisher>:<namespace>:<name>` (ARD Appendix C): the publisher is the host name of the base URL the site is
 * served at, so the identifier is anchored in the domain that serves the catalog (a port is no part of it).
 */
export function toAirUrn(baseUrl: string, namespace: string, name: string): string {
  return `urn:air:${new URL(baseUrl).hostname}:${namespace}:${name}`;
}

/** The docs MCP server's entry: its card, its endpoint, its tools and the questions it answers. */
function toDocsServerEntry(content: Content): AiCatalogEntry {
  const { site } = content;
  const server = toDocsServerFacts(content);
  const at = (path: string) => toUrl(site.base_url, path);
  return {
    identifier: toAirUrn(site.base_url, 'mcp', site.mcp.docs_server.server_name.split('/')[1]!),
    displayName: `${server.title} MCP server`,
    type: MCP_SERVER_CARD_TYPE,
    url: at(PATHS.mcpDocsServerCard),
    description: `${server.description} ${server.instructions}`,
    version: server.version,
    tags: ['mcp', 'documentation', 'coding-agents'],
    capabilities: server.tools.map((tool) => tool.name),
    representativeQueries: site.mcp.docs_server.representative_queries,
    metadata: {
      endpoint: at(PATHS.mcpDocs),
      transport: 'streamable-http',
      protocolVersions: site.mcp.protocol_versions.join(' '),
      llmsTxt: at(PATHS.llms),
    },
  };
}

/**
 * The AI Catalog at /.well-known/ai-catalog.json: an entry for the MCP server (its server card; its endpoint, the
 * OpenAPI document describing that endpoint over HTTP, and the docs' llms.txt in `metadata`), one for the docs MCP
 * server (its own card and endpoint, no sign-in) and one per Agent Skill (its SKILL.md, with the digest the Agent
 * Skills index carries). The docs' index is the host's `documentationUrl`.
 * Each entry is made from the same content as the document it points at, so the two cannot disagree. The OpenAPI
 * document and llms.txt are not entries of their own: the catalog's types are the agentic artifacts' (ARD §3.3), and
 * conformance testers warn on any other.
 */
export function toAiCatalog(content: Content): AiCatalog {
  const { site, tools, skills } = content;
  const at = (path: string) => toUrl(site.base_url, path);
  const toolNames = tools.map((tool) => tool.name);
  return {
    specVersion: AI_CATALOG_SPEC_VERSION,
    host: { displayName: site.product.name, identifier: site.base_url, documentationUrl: at(PATHS.llms) },
    entries: [
      {
        identifier: toAirUrn(site.base_url, 'mcp', site.product.id),
        displayName: `${site.product.name} MCP server`,
        type: MCP_SERVER_CARD_TYPE,
        url: at(PATHS.mcpServerCard),
        description: `${site.product.description} ${site.mcp.endpoint_page.summary}`,
        version: site.product.version,
        tags: ['mcp', 'coding-agents', 'governance'],
        capabilities: toolNames,
        representativeQueries: site.mcp.representative_queries,
        metadata: {
          endpoint: at(PATHS.mcp),
          transport: 'streamable-http',
          protocolVersions: site.mcp.protocol_versions.join(' '),
          protectedResourceMetadata: at(PATHS.protectedResource),
          openapi: at(PATHS.openapi),
          llmsTxt: at(PATHS.llms),
        },
      },
      toDocsServerEntry(content),
      ...skills.map(
        (skill): AiCatalogEntry => ({
          identifier: toAirUrn(site.base_url, 'skill', skill.name),
          displayName: `${site.product.name} Agent Skill (${skill.name})`,
          type: AGENT_SKILL_MD_TYPE,
          url: at(toSkillPath(skill.name)),
          description: toSkillDescription(skill),
          tags: ['agent-skill', 'coding-agents', 'governance'],
          capabilities: toolNames,
          representativeQueries: skill.representative_queries,
          metadata: { digest: toSkillDigest(toSkillMd(content, skill)), skillsIndex: at(PATHS.agentSkillsIndex) },
        }),
      ),
    ],
  };
}
