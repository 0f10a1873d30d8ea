import { Command } from 'commander';
import { withBaseUrl, type Factory } from '../../factory.ts';
import { loadCores } from '../../load-cores.ts';
import type { TokenResponse } from '../../../runtime/oauth/token-endpoint.ts';

/** `warden login`: a person signs in (authorization code + PKCE, loopback redirect; or the device grant). */
export function createLoginCommand(f: Factory): Command {
  return withBaseUrl(new Command('login'), f)
    .description('sign in as a person: opens the sign-in page in a browser (or prints its address), or uses a code on another device')
    .option('--device', 'sign in on another device with a code (RFC 8628), for machines without a browser')
    .option('--no-browser', 'print the sign-in address without opening a browser')
    .option('--timeout <seconds>', 'how long to wait for the sign-in', '300')
    .action(async (opts: { device?: boolean; browser: boolean; timeout: string; baseUrl?: string }) => {
      const { usageError, discoverService, discoverMcpEndpoint, saveLogin, pollDeviceToken, startDeviceAuthorization, loginWithBrowser } =
        await loadCores();
      const timeoutMs = Number(opts.timeout) * 1000;
      if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
        throw usageError(`--timeout: "${opts.timeout}" is not a positive number of seconds`);
      (await f.getStore()).read();
      const baseUrl = f.getBaseUrl(opts.baseUrl);
      const service = await discoverService(f.fetch, baseUrl);
      const mcp = await discoverMcpEndpoint(f.fetch, baseUrl, f.getenv('MCP_URL') ? new URL(f.getenv('MCP_URL')!) : undefined);
      // RFC 8707 §2.1: one grant for both resources the CLI talks to (the tool endpoint first, then the base URL).
      const resources = [
        ...new Set([mcp.issuer === service.issuer ? mcp.resource : undefined, service.resource].filter((r): r is string => Boolean(r))),
      ];
      const scope = ['openid', 'offline_access', ...service.scopes].join(' ');
      const clientId = f.defaults.clientId;
      let tokens: TokenResponse;
      if (opts.device) {
        const device = await startDeviceAuthorization(f.fetch, service.as, clientId, scope, resources);
        f.err(`To sign in, open ${device.verification_uri} on any device and enter the code ${device.user_code}`);
        if (device.verification_uri_complete) f.err(`(or open ${device.verification_uri_complete})`);
        f.err(`Waiting for the approval (the code expires in ${Math.round(device.expires_in / 60)} min)…`);
        tokens = await pollDeviceToken(f.fetch, service.as, clientId, device, resources[0]!, f.now);
      } else {
        tokens = await loginWithBrowser({
          fetch: f.fetch,
          as: service.as,
          clientId,
          product: f.defaults.product,
          scope,
          resources,
          tokenResource: resources[0]!,
          stdin: f.stdin,
          say: f.err,
          openBrowser: (url) => opts.browser && f.openBrowser(url),
          timeoutMs,
        });
      }
      const who = await saveLogin(await f.getStore(), {
        issuer: service.issuer,
        clientId,
        resources,
        tokenResource: resources[0]!,
        tokens,
        now: f.now(),
      });
      f.out(`Logged in to ${service.issuer}${who.subject ? ` as ${who.subject}` : ''} (scopes: ${who.scope || 'none'}).`);
    });
}
