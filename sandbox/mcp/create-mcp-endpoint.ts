import { createMcpHandler, type AuthInfo, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { AccessToken, VerifyAccessToken } from '../../runtime/auth/access-token.ts';
import { AuthError } from '../../runtime/auth/auth-error.ts';
import { verifyBearer } from '../../runtime/auth/bearer.ts';
import { needsCredential } from '../../runtime/mcp/needs-credential.ts';
import type { McpAccept } from '../../runtime/mcp/mcp-accept.ts';
import { McpError, toMcpAuthError, toMcpErrorResponse } from '../../runtime/mcp/mcp-error.ts';
import { createMcpServer, type McpServerDeps } from './create-mcp-server.ts';
import { fetchInAcceptedForm, requireMcpAccept } from '../../runtime/mcp/serve-accepted.ts';
import { toSkillUri } from '../../facts/paths.ts';

/** What the gate in front of the MCP handler checks. */
export interface McpEndpointOptions extends McpServerDeps {
  /** Verifies tokens for either audience this origin serves: the edge's base URL and its own (RFC 8707). */
  verify: VerifyAccessToken;
  /** This origin's RFC 9728 metadata, named in every challenge (the edge points its clients at its own). */
  resourceMetadataUrl: string;
}

/** The `/mcp` endpoint: a dual-era stateless MCP handler behind the tools/call bearer gate. */
export interface McpEndpoint {
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
}

type Message = Record<string, unknown> | null;

/** The message of a POST body that needs a credential, or null (not JSON: the MCP handler answers -32700). */
async function readGated(request: Request, publicMethods: readonly string[], publicResources: readonly string[]): Promise<Message> {
  if (request.method !== 'POST') return null;
  let value: unknown;
  try {
    value = JSON.parse(await request.clone().text());
  } catch {
    return null;
  }
  // The gate needs the parsed body; a batch needs a token if any member does.
  const messages = (Array.isArray(value) ? value : [value]) as Message[];
  return (
    messages.find((m) => {
      if (!m || typeof m !== 'object') return false;
      const method = typeof m.method === 'string' ? m.method : undefined;
      return needsCredential({ method, hasId: 'id' in m, params: m.params }, publicMethods, publicResources);
    }) ?? null
  );
}

function toAuthInfo(token: string, claims: AccessToken): AuthInfo {
  return {
    token,
    clientId: claims.clientId,
    scopes: claims.scopes,
    expiresAt: claims.expiresAt,
    resource: new URL(claims.audience),
    extra: { sub: claims.subject },
  };
}

const toId = (m: Message) => (m && (typeof m.id === 'string' || typeof m.id === 'number') ? m.id : null);

/** Creates the gated endpoint: the content's public methods need no credential, everything else does (contract RPC-3, AUTH-2). */
export function createMcpEndpoint(o: McpEndpointOptions): McpEndpoint {
  const handler: McpHttpHandler = createMcpHandler(({ authInfo }) => createMcpServer(o, authInfo));
  const scopeOf = new Map(o.content.tools.map((t) => [t.name, t.scope]));
  const { access_scope: accessScope, mcp } = o.content.site;
  const publicResources = o.content.skills.map((skill) => toSkillUri(skill.name));
  const refuse = (error: McpError) => toMcpErrorResponse(o.content.errors, error);

  return {
    async fetch(request) {
      let accept: McpAccept;
      try {
        accept = requireMcpAccept(request.method, request.headers.get('accept'));
      } catch (error) {
        if (error instanceof McpError) return refuse(error);
        throw error;
      }
      const gated = await readGated(request, mcp.public_methods, publicResources);
      let authInfo: AuthInfo | undefined;
      if (gated) {
        const params = gated.params as { name?: unknown } | undefined;
        const name = gated.method === 'tools/call' ? String(params?.name ?? '') : '';
        const scopes = [...new Set([accessScope, scopeOf.get(name) ?? accessScope])];
        const authorization = request.headers.get('authorization');
        try {
          const claims = await verifyBearer(authorization, { verify: o.verify, requiredScopes: scopes });
          authInfo = toAuthInfo(authorization!.trim().replace(/^Bearer\s+/i, ''), claims);
        } catch (error) {
          if (!(error instanceof AuthError)) throw error;
          // Contract RPC-2: the JSON-RPC refusal with one challenge naming the metadata.
          return refuse(toMcpAuthError(error, { resourceMetadata: o.resourceMetadataUrl, scopes, id: toId(gated) }));
        }
      }
      return fetchInAcceptedForm(handler.fetch, request, accept, authInfo ? { authInfo } : undefined);
    },
    close: () => handler.close(),
  };
}
