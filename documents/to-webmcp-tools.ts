// The WebMCP tools of the docs site (WebMCP draft, ModelContextTool: name, description, inputSchema, annotations),
// derived from content: each docs tool from its file in content/docs-tools/ (the docs MCP server lists the same), each
// Warden tool from its content file, with the tools/call request the Try it panel sends for it.
import type { Content } from '../content-model/read-content.ts';
import type { Tool } from '../content-model/schemas/tool.ts';
import { PATHS, toUrl } from '../facts/paths.ts';
import { type DocsToolDefinition, toDocsTools } from './to-docs-tools.ts';
import { toToolCallHeaders, toToolCallRequest } from './to-tool-call-example.ts';
import { toPageFeedbackTool } from './to-feedback-tool.ts';

/** A tool as `document.modelContext.registerTool()` takes it, less `execute`: a docs tool's definition (to-docs-tools.ts). */
export type WebMcpToolDefinition = DocsToolDefinition;

/** A Warden tool on the docs site: its definition, the page that documents it, and the request that calls it. */
export interface WardenWebMcpTool extends WebMcpToolDefinition {
  /** The tool's reference page, whose Try it panel signs a person in. */
  page: string;
  /** The same-host tool endpoint and the `tools/call` the Try it panel sends; `params.arguments` is the input. */
  call: { url: string; headers: Record<string, string>; request: Record<string, unknown> };
}

/** Every WebMCP tool the site can register: the docs tools and the feedback tool of every page, and the Warden tools of the tool pages. */
export interface WebMcpTools {
  docs: WebMcpToolDefinition[];
  /** submit_feedback, where an edge takes reports (content/feedback/submit_feedback.yaml). */
  feedback: WebMcpToolDefinition;
  warden: WardenWebMcpTool[];
}

/** A Warden tool as a WebMCP tool whose call goes to the same-host endpoint with the person's own token. */
function toWardenTool(tool: Tool, baseUrl: string, version: string): WardenWebMcpTool {
  const page = `${PATHS.toolsReference}/${tool.name}`;
  const asks = tool.annotations.readOnlyHint ? '' : ' It changes state, so the person is asked to allow each call first.';
  return {
    name: tool.name,
    title: tool.title,
    description:
      `${tool.description} Runs on the hosted Warden service as the person signed in on this docs site (the Try it ` +
      `sign-in); without a sign-in it returns how they sign in.${asks}`,
    inputSchema: tool.inputSchema,
    annotations: { readOnlyHint: tool.annotations.readOnlyHint },
    page,
    call: { url: toUrl(baseUrl, PATHS.mcp), headers: toToolCallHeaders(tool, version), request: toToolCallRequest(tool, version) },
  };
}

/** The site's WebMCP tools, from content: the docs tools as the docs MCP server lists them, the feedback tool, and the Warden tools. */
export function toWebMcpTools(
  content: Pick<Content, 'site' | 'tools' | 'docsTools' | 'operations' | 'feedbackTool' | 'schemas'>,
): WebMcpTools {
  const version = content.site.mcp.protocol_versions.at(-1)!;
  return {
    docs: toDocsTools(content),
    feedback: toPageFeedbackTool(content),
    warden: content.tools.map((tool) => toWardenTool(tool, content.site.base_url, version)),
  };
}
