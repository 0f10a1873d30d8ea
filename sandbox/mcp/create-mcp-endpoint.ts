import { createMcpHandler, verifyBearerToken, type McpHttpHandler, type OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { toChallengeResponse } from '../auth/bearer-challenge.ts';
import { createMcpServer, type McpServerDeps } from './create-mcp-server.ts';

/** What the gate in front of the MCP handler checks. */
export interface McpEndpointOptions extends McpServerDeps {
  verifier: OAuthTokenVerifier;
  /** RFC 8707 resource identifier tokens must be for (the public base URL). */
  resource: string;
  /** RFC 9728 metadata URL named in every challenge. */
  resourceMetadataUrl: string;
}

/** The `/mcp` endpoint: a dual-era stateless MCP handler behind the tools/call bearer gate. */
export interface McpEndpoint {
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
}

async function readToolCall(request: Request): Promise<{ name: string } | null> {
  if (request.method !== 'POST') return null;
  try {
    const message = JSON.parse(await request.clone().text()) as unknown;
    // Contract §4.2 / reference §6.6: the gate needs the parsed body; legacy requests carry no Mcp-Method header.
    const messages = Array.isArray(message) ? message : [message];
    const call = messages.find((m) => m && typeof m === 'object' && (m as { method?: unknown }).method === 'tools/call') as
      | { params?: { name?: unknown } }
      | undefined;
    return call ? { name: String(call.params?.name ?? '') } : null;
  } catch {
    return null; // Not JSON: the MCP handler answers -32700.
  }
}

/** Creates the gated endpoint; initialize, ping, tools/list and server/discover need no credential (contract §5). */
export function createMcpEndpoint(o: McpEndpointOptions): McpEndpoint {
  const handler: McpHttpHandler = createMcpHandler(({ authInfo }) => createMcpServer(o, authInfo));
  const scopeOf = new Map(o.content.tools.map((t) => [t.name, t.scope]));
  const accessScope = o.content.site.access_scope;
  return {
    async fetch(request) {
      const call = await readToolCall(request);
      if (!call) return handler.fetch(request);
      const scopes = [...new Set([accessScope, scopeOf.get(call.name) ?? accessScope])];
      try {
        const authInfo = await verifyBearerToken(request.headers.get('authorization'), {
          verifier: o.verifier,
          expectedResource: new URL(o.resource),
          requiredScopes: scopes,
        });
        return handler.fetch(request, { authInfo });
      } catch (error) {
        // Contract §4.2 rule 2 and §7.2: 401 with WWW-Authenticate naming the protected-resource metadata.
        return toChallengeResponse(error, { resourceMetadataUrl: o.resourceMetadataUrl, scopes });
      }
    },
    close: () => handler.close(),
  };
}
