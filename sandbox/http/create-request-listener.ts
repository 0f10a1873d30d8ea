import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import type Provider from 'oidc-provider';
import { PATHS } from '../../facts/paths.ts';
import { decideInteraction, mintRegistrationCode, showInteraction, type InteractionOptions } from '../auth/interactions.ts';
import { PUBLIC_CLIENT_POLICY, REGISTRATION_PATH, WORKLOAD_POLICY } from '../auth/create-provider.ts';
import type { McpEndpoint } from '../mcp/create-mcp-endpoint.ts';
import { readForm } from './read-form.ts';
import { RELEASES_PATH } from '../../facts/paths.ts';
import { serveReleaseFile } from './release-files.ts';
import { toAuthErrorPage } from '../pages/auth-pages.ts';
import { HTML_HEADERS } from '../pages/layout.ts';

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
  /** RFC 9728 document of this origin as a resource of its own. */
  protectedResourceMetadata: Record<string, unknown>;
  /** The sign-in page's facts. */
  interaction: InteractionOptions;
  /** How long a registration code lives, in seconds. */
  codeLifetime: number;
  /** The dashboard (sign in as the demo user, mint a registration code); true when it answered. */
  dashboard(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean>;
  /** The CLI release folder served under RELEASES_PATH, when there is one. */
  releaseDir?: string;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** The sandbox's one Node request listener: /mcp, metadata, sign-in, dashboard, releases, then OAuth. */
export function createRequestListener(parts: ListenerParts): RequestListener {
  const mcpNode = toNodeHandler({ fetch: (request) => parts.mcp.fetch(request) });
  const oauth = parts.provider.callback();
  const route = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    if (path === PATHS.mcp) return mcpNode(req, res);
    // RFC 9728 §3.1: the root document and its path-inserted copy for /mcp.
    if (path === PATHS.protectedResource || path === PATHS.protectedResourceMcp) return sendJson(res, 200, parts.protectedResourceMetadata);
    if (path === SANDBOX_PATHS.registrationCodes && req.method === 'POST') {
      const code = await mintRegistrationCode(parts.provider, WORKLOAD_POLICY, parts.codeLifetime);
      return sendJson(res, 201, {
        registration_code: code,
        expires_in: parts.codeLifetime,
        registration_endpoint: `${parts.provider.issuer}${REGISTRATION_PATH}`,
      });
    }
    if (path.startsWith(SANDBOX_PATHS.interaction)) {
      if (req.method === 'POST') return decideInteraction(parts.provider, req, res, (await readForm(req)).get('decision') ?? undefined);
      return showInteraction(parts.provider, req, res, parts.interaction);
    }
    if (await parts.dashboard(req, res, path)) return;
    if (path === RELEASES_PATH || path.startsWith(`${RELEASES_PATH}/`))
      return serveReleaseFile(req, res, parts.releaseDir, path, `${parts.interaction.product} CLI release`);
    if (path === REGISTRATION_PATH && req.method === 'POST' && !req.headers.authorization) {
      // Open registration (RFC 7591 §3) for clients that sign people in: a one-use initial access token bound to
      // the public-client policy stands in for the registration code, so one rule set checks every registration.
      req.headers.authorization = `Bearer ${await mintRegistrationCode(parts.provider, PUBLIC_CLIENT_POLICY, 60)}`;
    }
    // RFC 8414 §3: the same metadata oidc-provider publishes as openid-configuration.
    if (path === SANDBOX_PATHS.authorizationServerMetadata) req.url = SANDBOX_PATHS.openidConfiguration;
    return oauth(req, res);
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
    route(req, res, path).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy(error as Error);
      // oidc-provider's own errors (an expired sign-in, a missing cookie) carry an OAuth error and a status.
      const oauthError = error as { error?: string; error_description?: string; status?: number };
      if (typeof oauthError.error === 'string' && typeof oauthError.status === 'number' && oauthError.status < 500) {
        res.writeHead(oauthError.status, HTML_HEADERS);
        return void res.end(toAuthErrorPage(parts.interaction.product, oauthError.error, oauthError.error_description));
      }
      sendJson(res, 500, { error: 'server_error' });
    });
  };
}
