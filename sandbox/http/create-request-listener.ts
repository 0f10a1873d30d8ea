import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import type Provider from 'oidc-provider';
import { PATHS } from '../../src/lib/paths.ts';
import { finishDemoInteraction, mintRegistrationCode } from '../auth/interactions.ts';
import { WORKLOAD_POLICY } from '../auth/create-provider.ts';
import type { McpEndpoint } from '../mcp/create-mcp-endpoint.ts';

/** Sandbox-only paths (the authorization server's own are oidc-provider's). */
export const SANDBOX_PATHS = {
  registrationCodes: '/registration-codes',
  interaction: '/interaction/',
  authorizationServerMetadata: '/.well-known/oauth-authorization-server',
  openidConfiguration: '/.well-known/openid-configuration',
} as const;

/** What the listener routes to. */
export interface ListenerParts {
  provider: Provider;
  mcp: McpEndpoint;
  /** RFC 9728 document for the tool endpoint (the edge serves the same one at the base URL). */
  protectedResourceMetadata: Record<string, unknown>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** The sandbox's one Node request listener: /mcp, RFC 9728/8414 metadata, registration codes, demo login, OAuth. */
export function createRequestListener(parts: ListenerParts): RequestListener {
  const mcpNode = toNodeHandler({ fetch: (request) => parts.mcp.fetch(request) });
  const oauth = parts.provider.callback();
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
    const fail = (error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: 'server_error' });
      else res.destroy(error as Error);
    };
    if (path === PATHS.mcp) return void mcpNode(req, res).catch(fail);
    if (path === PATHS.protectedResource || path.startsWith(`${PATHS.protectedResource}/`)) {
      return sendJson(res, 200, parts.protectedResourceMetadata);
    }
    if (path === SANDBOX_PATHS.registrationCodes && req.method === 'POST') {
      return void mintRegistrationCode(parts.provider, WORKLOAD_POLICY)
        .then((code) => sendJson(res, 201, { registration_code: code, expires_in: 3600, registration_endpoint: `${parts.provider.issuer}/reg` }))
        .catch(fail);
    }
    if (path.startsWith(SANDBOX_PATHS.interaction)) return void finishDemoInteraction(parts.provider, req, res).catch(fail);
    // RFC 8414 §3: the same metadata oidc-provider publishes as openid-configuration.
    if (path === SANDBOX_PATHS.authorizationServerMetadata) req.url = SANDBOX_PATHS.openidConfiguration;
    return void oauth(req, res);
  };
}
