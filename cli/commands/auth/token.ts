import { Command } from 'commander';
import { withBaseUrl, type Factory } from '../../factory.ts';
import { loadCores } from '../../load-cores.ts';

/** `warden auth token`: a fresh access token on stdout, for scripts (like `gh auth token`). */
export function createTokenCommand(f: Factory): Command {
  return withBaseUrl(new Command('token'), f)
    .description('print a fresh access token for the tool endpoint (or --resource) on stdout, for scripts')
    .option(
      '--resource <url>',
      "the resource the token is for (RFC 8707): the tool endpoint's by default; the base URL for calls through it",
    )
    .action(async (opts: { resource?: string; baseUrl?: string }) => {
      const { discoverMcpEndpoint, discoverService, requireSecureUrl } = await loadCores();
      (await f.getStore()).read();
      const baseUrl = f.getBaseUrl(opts.baseUrl);
      const target = opts.resource ? requireSecureUrl(opts.resource, '--resource') : undefined;
      // Each origin is its own resource: ask the one the token is for which resource it is and who issues for it.
      const endpoint =
        target && target.origin === new URL(baseUrl).origin
          ? await discoverService(f.fetch, baseUrl)
          : await discoverMcpEndpoint(f.fetch, baseUrl, target ?? (f.getenv('MCP_URL') ? new URL(f.getenv('MCP_URL')!) : undefined));
      const source = await f.getTokenSource(endpoint);
      f.out(await source.renewToken(undefined));
    });
}
