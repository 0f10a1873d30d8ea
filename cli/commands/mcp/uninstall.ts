import type { Command } from 'commander';
import type { Factory } from '../../factory.ts';
import { loadAgentCores } from '../../load-agent-cores.ts';
import { type AgentOptions, createAgentCommand, toAgentRun } from './agent-options.ts';

/** `warden mcp uninstall`: removes only what install added (the two server entries and the skill), from each agent. */
export function createUninstallCommand(f: Factory): Command {
  return createAgentCommand(
    f,
    'uninstall',
    `remove what \`${f.defaults.binary} mcp install\` added (the server entries named ${f.defaults.binary} and ${f.defaults.docsServerName}, and its skill) from each coding agent found; nothing else`,
  )
    .option('--dry-run', "show each file's change without writing it")
    .action(async (opts: AgentOptions & { dryRun?: boolean }) => {
      const { uninstallAgents } = await loadAgentCores();
      uninstallAgents(toAgentRun(f, opts).run, { dryRun: Boolean(opts.dryRun), skillName: f.defaults.binary });
    });
}
