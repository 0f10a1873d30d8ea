import { createMcpHandler, verifyBearerToken, type McpHttpHandler, type OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { toChallengeResponse } from '../auth/bearer-challenge.ts';
import { createMcpServer, type McpServerDeps } from './create-mcp-server.ts';
import { needsCredential } from '../../src/lib/needs-credential.ts';

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

/** What the gate needs of a POST body: whether it needs a credential and, for tools/call, the tool's name. */
async function readGated(request: Request, publicMethods: readonly string[]): Promise<{ name?: string } | null> {
  if (request.method !== 'POST') return null;
  let value: unknown;
  try {
    value = JSON.parse(await request.clone().text());
  } catch {
    return null; // Not JSON: the MCP handler answers -32700.
  }
  // Contract §4.2 / reference §6.6: the gate needs the parsed body; a batch needs a token if any member does.
  const messages = (Array.isArray(value) ? value : [value]) as Array<Record<string, unknown> | null>;
  const gated = messages.find((m) => {
    if (!m || typeof m !== 'object') return false;
    return needsCredential({ method: typeof m.method === 'string' ? m.method : undefined, hasId: 'id' in m }, publicMethods);
  });
  if (!gated) return null;
  const params = gated.params as { name?: unknown } | undefined;
  return { name: gated.method === 'tools/call' ? String(params?.name ?? '') : undefined };
}

/** Creates the gated endpoint: the content's public methods need no credential, everything else does (contract §5). */
export function createMcpEndpoint(o: McpEndpointOptions): McpEndpoint {
  const handler: McpHttpHandler = createMcpHandler(({ authInfo }) => createMcpServer(o, authInfo));
  const scopeOf = new Map(o.content.tools.map((t) => [t.name, t.scope]));
  const accessScope = o.content.site.access_scope;
  return {
    async fetch(request) {
      const call = await readGated(request, o.content.site.mcp.public_methods);
      if (!call) return handler.fetch(request);
      const scopes = [...new Set([accessScope, (call.name && scopeOf.get(call.name)) || accessScope])];
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
