import { Command } from 'commander';
import type { Factory } from '../../factory.ts';
import { loadCores } from '../../load-cores.ts';

/** `warden auth status`: who is logged in where, with which client, scopes and expiry; never a secret. */
export function createStatusCommand(f: Factory): Command {
  return new Command('status')
    .description(
      'show every stored login and workload client: authorization server, account, client, scopes, token expiry (never a secret)',
    )
    .action(async () => {
      const { CliError, toStatusLines } = await loadCores();
      const store = await f.getStore();
      const lines = toStatusLines(store.read(), f.now());
      if (lines.length === 0)
        throw new CliError(
          `not logged in: run \`${f.defaults.binary} login\` or \`${f.defaults.binary} admin register --code <CODE>\``,
          'ERR_NOT_LOGGED_IN',
        );
      for (const line of lines) f.out(line);
      f.out(`Credentials file: ${store.file}`);
    });
}
