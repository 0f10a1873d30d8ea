import type { Content } from '../content-model/read-content.ts';
import type { DocsServerFacts } from '../facts/docs-server.ts';
import { toDocsTools } from './to-docs-tools.ts';

/**
 * The docs MCP server as the edge answers it (the build's facts) and as its server card and server.json describe it:
 * the identity of `content/site.yaml` `mcp.docs_server`, the product's version, and the docs tools.
 */
export function toDocsServerFacts(content: Pick<Content, 'site' | 'docsTools' | 'operations'>): DocsServerFacts {
  const { product, mcp } = content.site;
  return {
    name: mcp.docs_server.server_name,
    title: mcp.docs_server.title,
    version: product.version,
    description: mcp.docs_server.description,
    instructions: mcp.docs_server.instructions,
    tools: toDocsTools(content),
  };
}
