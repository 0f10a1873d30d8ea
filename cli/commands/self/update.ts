import { Command } from 'commander';
import type { Factory } from '../../factory.ts';
import { loadCores } from '../../load-cores.ts';

/** `warden self update [--version V]`: the binary replaces itself from the release archive, checksum first. */
export function createUpdateCommand(f: Factory): Command {
  return new Command('update')
    .description('replace this binary with the latest release (or --version), checked against the release\'s SHA256SUMS')
    .option('--version <version>', 'install this release instead of the latest, e.g. 1.2.3')
    .action(async (opts: { version?: string }) => {
      const { CliError, toTarget, updateSelf } = await loadCores();
      if (!f.isBinary) throw new CliError('self update replaces the installed binary; this is a development run', 'ERR_NOT_BINARY');
      const target = toTarget(f.platform, f.arch, f.defaults.targets);
      if (!target) throw new CliError(`no ${f.defaults.binary} binary is published for ${f.platform}-${f.arch}`, 'ERR_UNSUPPORTED');
      const archive = f.getenv('DOWNLOAD_URL') ?? f.defaults.releaseArchive;
      f.err(`Downloading ${f.defaults.binary} (${opts.version ?? 'latest'}, ${target}) from ${archive}…`);
      const version = await updateSelf({ fetch: f.fetch, binary: f.defaults.binary, archive, target, version: opts.version, execPath: f.execPath });
      f.out(`Updated ${f.execPath}: ${f.defaults.binary} ${f.defaults.version} → ${version}`);
    });
}
