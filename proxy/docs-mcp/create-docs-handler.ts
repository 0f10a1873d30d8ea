// The docs MCP server on the official SDK (its v2 server package, which runs on Node and in workerd alike). This module
// is imported on the first request to /mcp/docs (docs-mcp-route.ts): loading the SDK costs the process or isolate that
// once, and no other route pays for it.
import {
  type CallToolResult,
  createMcpHandler,
  type ListToolsResult,
  type McpHttpHandler,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  Server,
} from '@modelcontextprotocol/server';
import type { DocsServerFacts } from '../../facts/docs-server.ts';
import { toArgumentsProblem } from './check-arguments.ts';
import type { DocsToolContext } from './docs-tool.ts';
import { DOCS_TOOL_HANDLERS } from './docs-tool-handlers.ts';
import { readDocsResource, toDocsResourcesList } from './docs-resources.ts';

/**
 * One server instance for one request (the SDK's stateless serving makes one per request, from one factory for both
 * protocol eras): the docs tools as the build defined them, every page's twin as a resource. No method here needs a
 * credential or reaches the hosted service.
 */
function createDocsServer(facts: DocsServerFacts, context: DocsToolContext): Server {
  const server = new Server(
    { name: facts.name, title: facts.title, version: facts.version, description: facts.description },
    { capabilities: { tools: {}, resources: {} }, instructions: facts.instructions },
  );
  // The definitions are JSON Schema objects the content reader validated, so the SDK's narrower type holds.
  const list = { tools: facts.tools } as unknown as ListToolsResult;
  server.setRequestHandler('tools/list', () => list);
  server.setRequestHandler('tools/call', async (request): Promise<CallToolResult> => {
    const { name, arguments: args } = request.params;
    const tool = facts.tools.find((t) => t.name === name);
    const handler = DOCS_TOOL_HANDLERS[name];
    // MCP server/tools: an unknown tool is a protocol error, -32602.
    if (!tool || !handler) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);
    const problem = toArgumentsProblem(tool.inputSchema, args ?? {});
    if (problem) return { content: [{ type: 'text', text: `Invalid arguments for ${name}: ${problem}.` }], isError: true };
    return handler(args ?? {}, context);
  });
  // MCP server/resources: a fixed list while the build is served, so no templates, subscriptions or listChanged.
  server.setRequestHandler('resources/list', async (request) => {
    const answer = toDocsResourcesList(await context.index(), context.baseUrl, request.params?.cursor);
    // MCP pagination: a cursor the server did not give is invalid params, -32602.
    if (!answer) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor');
    return answer;
  });
  server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: [] }));
  server.setRequestHandler('resources/read', async (request) => {
    const { uri } = request.params;
    const contents = await readDocsResource(context.files, context.baseUrl, uri);
    // SEP-2164 (2026-07-28): an unknown URI is -32602 with data { uri }; the SDK answers every era so.
    if (!contents) throw new ResourceNotFoundError(uri, `Resource ${uri} not found`);
    return { contents: [contents] };
  });
  return server;
}

/** The docs MCP server's web handler (createMcpHandler: 2026-07-28 and, statelessly, the 2025 eras), bodies read within `maxBodyBytes`. */
export function createDocsHandler(facts: DocsServerFacts, context: DocsToolContext, maxBodyBytes: number): McpHttpHandler {
  return createMcpHandler(() => createDocsServer(facts, context), { maxRequestBodySize: maxBodyBytes });
}
