import type { McpHttpHandler } from '@modelcontextprotocol/server';
import { PATHS, toUrl } from '../../facts/paths.ts';
import { fetchInAcceptedForm, requireMcpAccept } from '../../runtime/mcp/serve-accepted.ts';
import type { GetSearchIndex } from '../api/search-index.ts';
import type { AppConfig } from '../config.ts';
import type { EdgeRequest } from '../edge-request.ts';
import { readMcpRequest } from '../mcp/admit.ts';
import { toAnswerBeforeMessage } from '../mcp/before-message.ts';
import { toMcpFailureAnswer } from '../mcp/failure-answer.ts';
import { toUpstreamHeaders } from '../mcp/upstream-headers.ts';
import type { Answer } from '../plan/plan.ts';
import type { SiteFiles } from '../static/static-files.ts';
import { toSdkAnswer } from './to-answer.ts';

/** What the docs MCP server reads: the build's files, the one search index, and the page a browser gets at its address. */
export interface DocsMcpRouteDeps {
  files: SiteFiles;
  index: GetSearchIndex;
  /** The page for a GET or HEAD that is no MCP client's (proxy/mcp/endpoint-page.ts). */
  page(request: EdgeRequest): Promise<Answer>;
}

/** The request the SDK serves: the same method and MCP headers, the body already read; never a credential (nothing here reads one). */
function toSdkRequest(config: AppConfig, request: EdgeRequest, body: Uint8Array | undefined): Request {
  const headers = toUpstreamHeaders(request.headers, request.headerNames());
  delete headers.authorization;
  return new Request(toUrl(config.baseUrl, PATHS.mcpDocs), { method: request.method, headers, body: body as BodyInit | undefined });
}

/**
 * The docs MCP server at `/mcp/docs` (MCP Streamable HTTP, every protocol version the tool endpoint speaks,
 * stateless): the docs tools of the build and every page's twin as a resource, answered here from the build and never
 * forwarded. It checks what the tool endpoint checks before its gate, in the same order and with the same JSON-RPC
 * refusals (the origin, the body within the limit, one message, its headers: proxy/mcp/admit.ts), and has no gate:
 * it reads only what the site publishes. The protocol itself is the official SDK's, loaded on the first request.
 */
export function createDocsMcpRoute(config: AppConfig, deps: DocsMcpRouteDeps): (request: EdgeRequest) => Promise<Answer> {
  const context = { files: deps.files, index: deps.index, baseUrl: config.baseUrl };
  let handler: Promise<McpHttpHandler> | undefined;
  const load = () => {
    handler ??= import('./create-docs-handler.ts').then((m) => m.createDocsHandler(config.docsServer, context, config.bodyLimitBytes));
    return handler;
  };
  return async (request) => {
    const origin = request.headers.get('origin');
    try {
      const before = await toAnswerBeforeMessage(config, request, deps.page);
      if (before) return before;
      const { read } = await readMcpRequest(config, request, request.note);
      const accept = requireMcpAccept(request.method, request.headers.get('accept'));
      const parsedBody = read ? (JSON.parse(new TextDecoder().decode(read.body)) as unknown) : undefined;
      const { fetch } = await load();
      const response = await fetchInAcceptedForm(fetch, toSdkRequest(config, request, read?.body), accept, { parsedBody });
      return await toSdkAnswer(response, origin);
    } catch (error) {
      return toMcpFailureAnswer(config, error, origin, request.note);
    }
  };
}
