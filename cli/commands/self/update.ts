import { Command } from 'commander';
import type { Factory } from '../../factory.ts';
import { loadCores } from '../../load-cores.ts';

/** `warden self update [--version V]`: the binary replaces itself from the release archive, checksum first. */
export function createUpdateCommand(f: Factory): Command {
  return new Command('update')
    .description("replace this binary with the latest release (or --version), checked against the release's signed SHA256SUMS")
    .option('--version <version>', 'install this release instead of the latest, e.g. 1.2.3')
    .action(async (opts: { version?: string }) => {
      const { CliError, readMachine, toUpdateTarget, updateSelf } = await loadCores();
      if (!f.isBinary) throw new CliError('self update replaces the installed binary; this is a development run', 'ERR_NOT_BINARY');
      // The installer's choice on this machine (its C library by its own loader, -baseline without AVX2), unless
      // <PREFIX>_TARGET names one, as it does for the installer.
      const forced = f.getenv('TARGET');
      const machine = readMachine(f.platform, f.arch);
      const target = forced ?? toUpdateTarget(machine, f.defaults.target, f.defaults.targets);
      if (!target || !f.defaults.targets.includes(target))
        throw new CliError(
          `no ${f.defaults.binary} binary is published for ${target ?? `${machine.platform}-${machine.arch}${machine.musl ? ' (musl)' : ''}${machine.avx2 === false ? ' without AVX2' : ''}`} (published: ${f.defaults.targets.join(', ')})`,
          'ERR_UNSUPPORTED',
        );
      const archive = f.getenv('DOWNLOAD_URL') ?? f.defaults.releaseArchive;
      f.err(`Downloading ${f.defaults.binary} (${opts.version ?? 'latest'}, ${target}) from ${archive}…`);
      const version = await updateSelf({
        fetch: f.fetch,
        binary: f.defaults.binary,
        archive,
        target,
        version: opts.version,
        execPath: f.execPath,
        signingKey: f.defaults.releaseSigningKey,
      });
      f.out(`Updated ${f.execPath}: ${f.defaults.binary} ${f.defaults.version} → ${version}`);
    });
}
