// The WebMCP tools of the docs site (WebMCP draft, ModelContextTool: name, description, inputSchema, annotations),
// derived from content: the docs search from the searchDocs operation's own parameters, each Warden tool from its
// content file, with the tools/call request the Try it panel sends for it.
import type { Content } from '../content-model/read-content.ts';
import type { JsonSchema } from '../content-model/schemas/json-schema.ts';
import type { Tool } from '../content-model/schemas/tool.ts';
import { PATHS, toUrl } from '../facts/paths.ts';
import { toToolCallHeaders, toToolCallRequest } from './to-tool-call-example.ts';
import { toPageFeedbackTool } from './to-feedback-tool.ts';

/** A tool as `document.modelContext.registerTool()` takes it, less `execute`. */
export interface WebMcpToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  annotations: { readOnlyHint: boolean };
}

/** A Warden tool on the docs site: its definition, the page that documents it, and the request that calls it. */
export interface WardenWebMcpTool extends WebMcpToolDefinition {
  /** The tool's reference page, whose Try it panel signs a person in. */
  page: string;
  /** The same-host tool endpoint and the `tools/call` the Try it panel sends; `params.arguments` is the input. */
  call: { url: string; headers: Record<string, string>; request: Record<string, unknown> };
}

/** Every WebMCP tool the site can register: the three of every page and the Warden tools of the tool pages. */
export interface WebMcpTools {
  search: WebMcpToolDefinition;
  read: WebMcpToolDefinition;
  /** submit_feedback, where an edge takes reports (content/feedback/submit_feedback.yaml). */
  feedback: WebMcpToolDefinition;
  warden: WardenWebMcpTool[];
}

/** The names the page tools register under (the Warden tools keep their own). */
export const WEBMCP_SEARCH = 'search_docs';
export const WEBMCP_READ = 'read_docs_page';

/** An OpenAPI parameter schema as a JSON Schema 2020-12 property: OpenAPI's `example` becomes `examples`. */
function toProperty(schema: JsonSchema, description: string): JsonSchema {
  const { example, ...rest } = schema as JsonSchema & { example?: unknown };
  return { ...rest, description, ...(example === undefined ? {} : { examples: [example] }) };
}

/** The search tool's input: the searchDocs operation's query parameters, as they are on `GET /api/search`. */
function toSearchSchema(operations: Content['operations']): JsonSchema {
  const op = operations.find((o) => o.path === PATHS.search && o.method === 'get');
  if (!op) throw new Error(`content/operations: no GET ${PATHS.search} operation to derive the WebMCP search tool from`);
  const query = op.parameters.filter((p) => p.in === 'query');
  return {
    type: 'object',
    properties: Object.fromEntries(query.map((p) => [p.name, toProperty(p.schema, p.description)])),
    required: query.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
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

/** The site's WebMCP tools, from content. */
export function toWebMcpTools(content: Pick<Content, 'site' | 'tools' | 'operations' | 'feedbackTool' | 'schemas'>): WebMcpTools {
  const { site, tools, operations } = content;
  const version = site.mcp.protocol_versions.at(-1)!;
  return {
    search: {
      name: WEBMCP_SEARCH,
      title: `Search the ${site.product.name} docs`,
      description:
        `Searches every page of the ${site.product.name} docs and returns the sections that answer a question, best ` +
        'first, as GET /api/search does: each with its title, URL, markdown twin URL, heading, snippet and score. Ask ' +
        'in a sentence or by name (a tool such as get_run, a method such as tools/call, an error code, a CLI command); ' +
        `then read a result with ${WEBMCP_READ}.`,
      inputSchema: toSearchSchema(operations),
      annotations: { readOnlyHint: true },
    },
    read: {
      name: WEBMCP_READ,
      title: 'Read a docs page as markdown',
      description:
        `Returns a page of this site as markdown (its twin, the same text as the HTML page): pass its path, such as ` +
        `/docs/overview or /docs/tools/get_run, or a URL on this site (a search result's url). Only this site's docs ` +
        'pages; a page that does not exist gives an error naming it.',
      inputSchema: {
        type: 'object',
        properties: {
          path: {
            type: 'string',
            minLength: 1,
            maxLength: 300,
            description: 'The page path (/docs/connect-mcp, / for the home page) or a URL on this site; a #fragment is ignored.',
            examples: ['/docs/connect-mcp'],
          },
        },
        required: ['path'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true },
    },
    feedback: toPageFeedbackTool(content),
    warden: tools.map((tool) => toWardenTool(tool, site.base_url, version)),
  };
}
