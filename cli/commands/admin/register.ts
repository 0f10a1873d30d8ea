import { hostname } from 'node:os';
import { Command } from 'commander';
import { withBaseUrl, type Factory } from '../../factory.ts';
import { loadCores } from '../../load-cores.ts';

/** `warden admin register --code <CODE>`: a workload OAuth client from a registration code (contract AUTH-4). */
export function createRegisterCommand(f: Factory): Command {
  return withBaseUrl(new Command('register'), f)
    .description('register a workload OAuth client with a registration code from the dashboard, and store its credentials')
    .requiredOption('--code <code>', 'the one-time registration code')
    .action(async (opts: { code: string; baseUrl?: string }) => {
      const { discoverService, registerWorkload } = await loadCores();
      const store = await f.getStore();
      store.read(); // refuse a loose credentials file before the code is spent
      const service = await discoverService(f.fetch, f.getBaseUrl(opts.baseUrl));
      const client = await registerWorkload(f.fetch, service, opts.code.trim(), `${f.defaults.binary} on ${hostname()}`, f.now);
      const replaced = await store.update((file) => {
        file.issuers[service.issuer] ??= { tokens: {} };
        const entry = file.issuers[service.issuer];
        const old = entry.workload?.client_id;
        entry.workload = client;
        for (const [resource, token] of Object.entries(entry.tokens)) if (token.from === 'workload') delete entry.tokens[resource];
        return old;
      });
      f.out(`Registered workload client ${client.client_id} with ${service.issuer}${replaced ? ` (replacing ${replaced})` : ''}.`);
      f.err(`Its credentials are in ${store.file}; \`${f.defaults.binary} mcp\` uses them.`);
    });
}
