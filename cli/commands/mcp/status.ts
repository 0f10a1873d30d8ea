import type { Command } from 'commander';
import type { Factory } from '../../factory.ts';
import { loadAgentCores } from '../../load-agent-cores.ts';
import { type AgentOptions, createAgentCommand, toAgentRun } from './agent-options.ts';

/** `warden mcp status`: each coding agent found, its file, and whether Warden's entries and skill are current. */
export function createMcpStatusCommand(f: Factory): Command {
  return createAgentCommand(
    f,
    'status',
    `list each coding agent found, where its configuration lives, and whether ${f.defaults.product}'s entries (this install's endpoint, and its docs MCP server ${f.defaults.docsServerName}) and skill (the service's version) are there and current`,
  ).action(async (opts: AgentOptions) => {
    const { statusAgents, fetchSkillDigest } = await loadAgentCores();
    const { baseUrl, run } = toAgentRun(f, opts);
    const digest = await fetchSkillDigest(f.fetch, baseUrl, f.defaults.binary);
    if (!digest) f.err(`${f.defaults.binary}: cannot read the skill's digest from ${baseUrl}: installed skills are not compared`);
    statusAgents(run, { name: f.defaults.binary, digest });
  });
}
