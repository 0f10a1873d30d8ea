import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  Server,
  type AuthInfo,
  type CallToolResult,
  type ListToolsResult,
} from '@modelcontextprotocol/server';
import type { Content } from '../../content-model/read-content.ts';
import { toToolsList } from '../../documents/to-tools-list.ts';
import type { SandboxContent } from '../../content-model/schemas/canned-run.ts';
import type { SandboxStore } from '../store/sandbox-store.ts';
import { TOOL_HANDLERS } from '../tools/tool-handlers.ts';
import { ToolError } from '../tools/tool-context.ts';
import type { ArgumentsValidator } from './validate-arguments.ts';
import type { TextResource } from './skill-resources.ts';

/** What every per-request MCP server instance shares. */
export interface McpServerDeps {
  content: Content;
  data: SandboxContent;
  store: SandboxStore;
  validate: ArgumentsValidator;
  /** What resources/list lists and resources/read returns: the published Agent Skills (skill-resources.ts). */
  resources: readonly TextResource[];
  now?: () => Date;
}

function toResult(structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }], structuredContent: structured };
}

function toErrorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** Builds one MCP server instance whose tools are exactly the content tools (no second list: contract RPC-1). */
export function createMcpServer(deps: McpServerDeps, authInfo: AuthInfo | undefined): Server {
  const { content, data, store, validate, resources } = deps;
  const list = toToolsList(content.tools);
  const server = new Server(
    { name: content.site.mcp.server_name, title: content.site.product.name, version: content.site.product.version },
    { capabilities: { tools: {}, resources: {} }, instructions: `${content.site.product.description} ${content.site.product.not_a_model}` },
  );

  // MCP server/resources: a fixed list, so no templates, no subscriptions and no listChanged.
  server.setRequestHandler('resources/list', () => ({ resources: resources.map((r) => r.resource) }));
  server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: [] }));
  server.setRequestHandler('resources/read', (request) => {
    const { uri } = request.params;
    const found = resources.find((r) => r.resource.uri === uri);
    // SEP-2164 (2026-07-28): an unknown URI is -32602 with data { uri }; the SDK answers every era so.
    if (!found) throw new ResourceNotFoundError(uri, `Resource ${uri} not found`);
    return { contents: [{ uri, mimeType: found.resource.mimeType, text: found.text }] };
  });

  // Contract RPC-1: tools/list lists the same tools as /mcp/tools.json.
  // Content schemas are validated JSON Schema objects (content-model/schemas/tool.ts), so the SDK's narrower type holds.
  server.setRequestHandler('tools/list', () => list as unknown as ListToolsResult);

  server.setRequestHandler('tools/call', (request) => {
    const { name, arguments: raw } = request.params;
    const subject = (authInfo?.extra?.sub as string | undefined) ?? authInfo?.clientId;
    // The HTTP gate refuses tools/call without a verified token; this guards against wiring mistakes.
    if (!authInfo || !subject)
      throw new ProtocolError(ProtocolErrorCode.InternalError, 'tools/call reached the server without a verified token');
    const at = (deps.now ?? (() => new Date()))();
    const audit = (outcome: 'ok' | 'error', detail: string) =>
      store.appendAudit({
        subject,
        at: at.toISOString(),
        action: 'tool.called',
        run_id: typeof raw?.run_id === 'string' ? raw.run_id : null,
        tool: name,
        outcome,
        detail,
      });

    const handler = TOOL_HANDLERS[name];
    if (!handler || !list.tools.some((t) => t.name === name)) {
      audit('error', `Unknown tool "${name}".`);
      // MCP server/tools: an unknown tool is a protocol error, -32602.
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);
    }
    const args = structuredClone(raw ?? {}) as Record<string, unknown>;
    const problem = validate(name, args);
    if (problem) {
      audit('error', `Invalid arguments: ${problem}`);
      return toErrorResult(`Invalid arguments for ${name}: ${problem}`);
    }
    try {
      const result = handler(args, { subject, scopes: authInfo.scopes, now: at, data, store });
      audit('ok', `${name} succeeded.`);
      return toResult(result);
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      audit('error', error.message);
      return toErrorResult(error.message);
    }
  });
  return server;
}
