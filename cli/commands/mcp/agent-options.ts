import { Command, Option } from 'commander';
import { getAgentIds } from '../../core/agents/agent-table.ts';
import { withBaseUrl, type Factory } from '../../factory.ts';

/** The options `mcp install|status|uninstall` share. */
export interface AgentOptions {
  agent?: string[];
  project?: boolean;
  baseUrl?: string;
}

/** A verb of `warden mcp` that works on the coding agents' files: `--agent` (repeatable), `--project`, `--base-url`. */
export function createAgentCommand(f: Factory, name: string, description: string): Command {
  return withBaseUrl(new Command(name), f)
    .description(description)
    .addOption(
      new Option('--agent <name>', `only this agent, found or not (repeatable): ${getAgentIds().join(', ')}`).argParser(
        (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
      ),
    )
    .option('--project', "the project's own files in this folder (.mcp.json, .cursor/mcp.json, .vscode/mcp.json, …) instead of the user's");
}

/** What the agent cores are handed: this install's service, the servers' names, its stdio bridge, the place and the output. */
export function toAgentRun(f: Factory, opts: AgentOptions) {
  const baseUrl = f.getBaseUrl(opts.baseUrl);
  // The bridge as this binary runs it (an absolute path: GUI agents do not see the shell's PATH), for this service.
  const command = f.isBinary ? f.execPath : f.defaults.binary;
  // The agent starts the bridge without this shell's environment: a service other than the built-in one is an argument.
  const args = baseUrl === f.getBaseUrl(f.defaults.baseUrl) ? ['mcp'] : ['mcp', '--base-url', baseUrl];
  return {
    baseUrl,
    run: {
      baseUrl,
      place: { home: f.home, env: f.env, platform: f.platform, cwd: f.cwd },
      name: f.defaults.binary,
      docsName: f.defaults.docsServerName,
      scope: opts.project ? ('project' as const) : ('user' as const),
      agentIds: opts.agent ?? [],
      stdio: { transport: 'stdio' as const, command, args },
      out: f.out,
      err: f.err,
    },
  };
}
