import { Command } from 'commander';
import { withBaseUrl, type Factory } from '../../factory.ts';
import { loadCores } from '../../load-cores.ts';
import { createInstallCommand } from './install.ts';
import { createMcpStatusCommand } from './status.ts';
import { createUninstallCommand } from './uninstall.ts';

/**
 * `warden mcp`: with no verb, a stdio MCP server forwarding to the hosted tool endpoint, credentials added on the way
 * (what agents start); `install`, `status` and `uninstall` wire it into the coding agents on this machine.
 */
export function createMcpCommand(f: Factory): Command {
  return (
    withBaseUrl(new Command('mcp'), f)
      .description(
        `connect coding agents: \`${f.defaults.binary} mcp install\` adds ${f.defaults.product} to every agent on this machine; with no verb, serve the tool protocol (MCP) on stdin/stdout, forwarding to the hosted tool endpoint (logs on stderr)`,
      )
      // Each verb reads its own options (`mcp install --base-url`), not the bridge's.
      .enablePositionalOptions()
      .addCommand(createInstallCommand(f))
      .addCommand(createMcpStatusCommand(f))
      .addCommand(createUninstallCommand(f))
      .option('--mcp-url <url>', 'the tool endpoint to forward to (default: the one the service names in /api/health)')
      .addHelpText('after', `\nProtocol versions: ${f.defaults.protocolVersions.join(', ')} (both eras, as the endpoint serves them).`)
      .action(async (opts: { mcpUrl?: string; baseUrl?: string }) => {
        const { runStdioBridge, toAuthProvider, discoverMcpEndpoint, requireSecureUrl } = await loadCores();
        (await f.getStore()).read();
        const baseUrl = f.getBaseUrl(opts.baseUrl);
        const flag = opts.mcpUrl ?? f.getenv('MCP_URL');
        const override = flag ? requireSecureUrl(flag, opts.mcpUrl ? '--mcp-url' : `${f.defaults.envPrefix}_MCP_URL`) : undefined;
        const log = (line: string) => f.err(`${f.defaults.binary} mcp: ${line}`);
        await runStdioBridge({
          stdin: f.stdin,
          stdout: f.stdout,
          log,
          fetch: f.fetch,
          connect: async () => {
            // Discovery happens on the first message and again after a failure, so a service that is down at
            // start-up does not stop the bridge.
            const endpoint = await discoverMcpEndpoint(f.fetch, baseUrl, override);
            const source = await f.getTokenSource(endpoint);
            log(`forwarding to ${endpoint.url.href}`);
            return { url: endpoint.url, auth: toAuthProvider(source, log) };
          },
        });
      })
  );
}
