import type { DocsToolHandler } from './docs-tool.ts';
import { readDocsPageTool } from './read-docs-page-tool.ts';
import { searchDocsTool } from './search-docs-tool.ts';

/**
 * What runs each docs tool, by the name its file in content/docs-tools/ gives it: a new docs tool is that file and
 * one handler here. The edge refuses to start when a tool of the build has no handler (findUnhandledDocsTools).
 */
export const DOCS_TOOL_HANDLERS: Readonly<Record<string, DocsToolHandler>> = {
  search_docs: searchDocsTool,
  read_docs_page: readDocsPageTool,
};

/** The docs tools of a build with no handler here, and the handlers with no tool: both must be empty to serve it. */
export function findUnhandledDocsTools(names: readonly string[]): string[] {
  const handled = Object.keys(DOCS_TOOL_HANDLERS);
  return [
    ...names.filter((name) => !handled.includes(name)).map((name) => `${name}: no handler in proxy/docs-mcp/docs-tool-handlers.ts`),
    ...handled.filter((name) => !names.includes(name)).map((name) => `${name}: no definition in content/docs-tools/`),
  ];
}
