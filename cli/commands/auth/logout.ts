import { Command } from 'commander';
import { withBaseUrl, type Factory } from '../../factory.ts';
import { loadCores } from '../../load-cores.ts';

/** `warden logout`: revokes the login's refresh token (RFC 7009) and forgets every credential of the service. */
export function createLogoutCommand(f: Factory): Command {
  return withBaseUrl(new Command('logout'), f)
    .description('revoke the login and forget every credential stored for the service (the login and the workload client)')
    .action(async (opts: { baseUrl?: string }) => {
      const { CliError, discoverService, revokeLogin } = await loadCores();
      const store = await f.getStore();
      store.read();
      const service = await discoverService(f.fetch, f.getBaseUrl(opts.baseUrl));
      const entry = store.read().issuers[service.issuer];
      if (!entry?.login && !entry?.workload)
        throw new CliError(`nothing is stored for ${service.issuer}: not logged in`, 'ERR_NOT_LOGGED_IN');
      // Revoke first: a refresh token that cannot be revoked is still forgotten, but the exit code says so.
      const revoked = entry.login ? await revokeLogin(f.fetch, service.as, entry.login).catch((error: Error) => error) : undefined;
      await store.update((file) => void delete file.issuers[service.issuer]);
      const forgot = [
        entry.login && `the login${entry.login.subject ? ` of ${entry.login.subject}` : ''}`,
        entry.workload && `workload client ${entry.workload.client_id}`,
      ]
        .filter(Boolean)
        .join(' and ');
      f.out(`Logged out of ${service.issuer}: forgot ${forgot}.`);
      if (revoked instanceof Error)
        throw new CliError(
          `the refresh token could not be revoked (${revoked.message}); it was forgotten here and expires on its own`,
          'ERR_REVOKE',
        );
      if (entry.login) f.err('The refresh token was revoked.');
    });
}
