import type { GetSearchIndex } from '../api/search-index.ts';
import type { SiteFiles } from '../static/static-files.ts';

/** What a docs tool reads: the build's files and search index, and the site's public origin. */
export interface DocsToolContext {
  files: SiteFiles;
  index: GetSearchIndex;
  /** The base URL the build serves (contract `{base_url}`), which results name. */
  baseUrl: string;
}

/** A tool's answer in MCP's CallToolResult shape: text, the same as JSON where it is JSON, and whether it failed. */
export type DocsToolResult = {
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/**
 * Runs one docs tool on arguments already checked against its input schema (check-arguments.ts). A failure the
 * caller can act on (a bad value, a page that does not exist) is a result with `isError`, never a thrown error
 * (MCP server/tools: tool execution errors).
 */
export type DocsToolHandler = (args: Record<string, unknown>, context: DocsToolContext) => Promise<DocsToolResult>;

/** A text result. */
export const toTextResult = (text: string): DocsToolResult => ({ content: [{ type: 'text', text }] });

/** A failed call's result: a sentence saying why. */
export const toErrorResult = (text: string): DocsToolResult => ({ content: [{ type: 'text', text }], isError: true });
