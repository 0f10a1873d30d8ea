import { type Command, Option } from 'commander';
import type { Factory } from '../../factory.ts';
import { loadAgentCores } from '../../load-agent-cores.ts';
import { type AgentOptions, createAgentCommand, toAgentRun } from './agent-options.ts';

/** `warden mcp install`: Warden's MCP server, its docs MCP server and its Agent Skill into every coding agent on this machine. */
export function createInstallCommand(f: Factory): Command {
  const { binary, docsServerName } = f.defaults;
  return createAgentCommand(
    f,
    'install',
    `add ${f.defaults.product} to every coding agent found on this machine: its MCP server (the remote endpoint, signing in with OAuth, or \`${binary} mcp\` over stdio), its docs MCP server (${docsServerName}, the remote endpoint, no sign-in) and its Agent Skill`,
  )
    .addOption(
      new Option('--transport <transport>', 'auto: the remote endpoint where the agent can sign in to it, else stdio')
        .choices(['auto', 'http', 'stdio'])
        .default('auto'),
    )
    .option('--no-docs', `leave the docs MCP server (${docsServerName}) out`)
    .option('--no-skill', 'leave the Agent Skill out')
    .option('--dry-run', "show each file's change without writing it")
    .addHelpText(
      'after',
      `\nEach file keeps everything else as it was (comments and order too), is replaced atomically, and a second run changes nothing.\nThe skill is the one the service publishes (/.well-known/agent-skills/index.json), checked against its digest.`,
    )
    .action(async (opts: AgentOptions & { transport: 'auto' | 'http' | 'stdio'; docs: boolean; skill: boolean; dryRun?: boolean }) => {
      const { installAgents, fetchSkill } = await loadAgentCores();
      const { baseUrl, run } = toAgentRun(f, opts);
      await installAgents(run, {
        transport: opts.transport,
        docs: opts.docs,
        dryRun: Boolean(opts.dryRun),
        getSkill: async () => (opts.skill ? fetchSkill(f.fetch, baseUrl, binary) : undefined),
      });
    });
}
