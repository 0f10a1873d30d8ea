import { createTwoFilesPatch } from 'diff';
import { PATHS } from '../../../facts/paths.ts';
import { CliError, usageError } from '../cli-error.ts';
import { type Agent, getAgentIds, type Place, type Target, toAgents } from './agent-table.ts';
import { applyChanges, existsAny, readText } from './config-files.ts';
import { type Action, type AgentPlan, type Change, type EntryPlan, type PlanContext, planInstall, planUninstall } from './plan-agents.ts';
import type { Server } from './server-entry.ts';
import type { PublishedSkill } from './skill-file.ts';
import { toAgentStatus, toAgentStatusLines, toTargetText } from './to-agent-status.ts';

/** What `warden mcp install|status|uninstall` are handed: the place, this install's targets, the output. */
export interface AgentRun {
  place: Place;
  /** Warden's server's name in every file (the binary's name). */
  name: string;
  /** The docs MCP server's name in every file. */
  docsName: string;
  scope: 'user' | 'project';
  /** `--agent`: these agents whether found or not; else every agent found on this machine. */
  agentIds: string[];
  /** This install's service: agents that connect remotely get `<baseUrl>/mcp`, and the docs server `<baseUrl>/mcp/docs`. */
  baseUrl: string;
  /** The stdio bridge as agents start it. */
  stdio: Target;
  out(text: string): void;
  err(text: string): void;
}

/** The agents to work on: those named (each must be known), else those whose folders exist here. */
export function selectAgents(run: Pick<AgentRun, 'place' | 'agentIds'>): Agent[] {
  const agents = toAgents(run.place);
  if (run.agentIds.length) {
    const unknown = run.agentIds.filter((id) => !agents.some((a) => a.id === id));
    if (unknown.length) throw usageError(`unknown agent ${unknown.join(', ')}: choose from ${getAgentIds().join(', ')}`);
    return agents.filter((a) => run.agentIds.includes(a.id));
  }
  const found = agents.filter((a) => existsAny(a.markers));
  if (!found.length)
    throw new CliError(`found no coding agent on this machine: name one with --agent (${getAgentIds().join(', ')})`, 'ERR_NO_AGENT');
  return found;
}

/**
 * The servers install writes: Warden's (the same-host MCP path of contract ENDPOINT-10, where agents sign in with
 * OAuth, else the stdio bridge; `transport` narrows it to one) and, unless left out, the docs MCP server, which needs
 * no sign-in and so is always the remote endpoint.
 */
function toServers(run: AgentRun, o: { transport: 'auto' | 'http' | 'stdio'; docs: boolean }): Server[] {
  const http: Target = { transport: 'http', url: `${run.baseUrl}${PATHS.mcp}` };
  const targets = o.transport === 'stdio' ? [run.stdio] : o.transport === 'http' ? [http] : [http, run.stdio];
  const warden: Server = { name: run.name, targets, instead: 'choose --transport stdio' };
  const url = `${run.baseUrl}${PATHS.mcpDocs}`;
  const docs: Server = {
    name: run.docsName,
    targets: [{ transport: 'http', url }],
    instead: `add ${url} in the app as a custom connector`,
  };
  return o.docs ? [warden, docs] : [warden];
}

function toContext(run: AgentRun, agents: Agent[]): PlanContext {
  return { agents, scope: run.scope, place: run.place, read: readText };
}

const VERBS = { add: 'added', update: 'updated', remove: 'removed' } as const;

/** An action in words: what changed, or would for a dry run; or why nothing did. */
function toActionText(action: Action, dryRun: boolean): string {
  if (action === 'keep') return 'unchanged';
  if (action === 'absent') return 'not there';
  return `${dryRun ? 'would be ' : ''}${VERBS[action]}`;
}

/** An entry's line: the server, its target, and what was done or would be; or why it was left out. */
function toEntryText(e: EntryPlan, dryRun: boolean): string {
  if (!e.action) return `${e.name}: ${e.note}`;
  return `${e.name}${e.target ? ` (${toTargetText(e.target)})` : ''} ${toActionText(e.action, dryRun)}`;
}

/** One line per agent (its first entry), one more for each other entry and its skill, or why it was left alone. */
function reportPlans(run: AgentRun, plans: AgentPlan[], dryRun: boolean): number {
  let failed = 0;
  for (const p of plans) {
    if (p.error) {
      run.err(`${run.name}: error: ${p.agent.name}: ${p.error}`);
      failed++;
      continue;
    }
    const [first, ...rest] = p.entries.map((e) => toEntryText(e, dryRun));
    run.out(first === undefined ? `${p.agent.name}: ${p.note ?? 'nothing to do'}` : `${p.agent.name}: ${p.file}: ${first}`);
    for (const line of rest) run.out(`  ${line}`);
    if (p.skill) run.out(`  skill ${p.skillFile}: ${toActionText(p.skill, dryRun)}`);
  }
  return failed;
}

/** Writes the changes (or, for a dry run, shows each as a unified diff) and fails when any agent was left alone. */
function finish(run: AgentRun, plans: AgentPlan[], changes: Change[], dryRun: boolean): void {
  const failed = reportPlans(run, plans, dryRun);
  if (dryRun) {
    for (const c of changes)
      run.out(
        createTwoFilesPatch(
          c.path,
          c.path,
          c.before ?? '',
          c.after ?? '',
          c.before === undefined ? 'new file' : '',
          c.after === undefined ? 'deleted' : '',
        ).trimEnd(),
      );
    run.err(`${run.name}: dry run: ${changes.length} file(s) would change; nothing was written`);
  } else {
    const failures = applyChanges(changes);
    for (const failure of failures) run.err(`${run.name}: error: ${failure.message}`);
    if (failures.length) throw new CliError(`${failures.length} file(s) could not be written (above); the others were`, 'ERR_CONFIG_WRITE');
  }
  if (failed) throw new CliError(`${failed} agent(s) left as they were (above)`, 'ERR_CONFIG_SYNTAX');
}

/** `warden mcp install`: Warden's entry, the docs server's (unless `docs` is false) and the skill (fetched once the agents are known). */
export async function installAgents(
  run: AgentRun,
  o: { transport: 'auto' | 'http' | 'stdio'; docs: boolean; dryRun: boolean; getSkill(): Promise<PublishedSkill | undefined> },
): Promise<void> {
  const agents = selectAgents(run);
  const skill = await o.getSkill();
  const { plans, changes } = planInstall(toContext(run, agents), toServers(run, o), skill);
  finish(run, plans, changes, o.dryRun);
  if (!o.dryRun && changes.length)
    run.err(`${run.name}: restart the agents that are running; each signs in on its first tool call (\`${run.name} login\` for stdio)`);
}

/** `warden mcp uninstall`: only what install adds: the entries named like Warden's and the docs server, and the skill. */
export function uninstallAgents(run: AgentRun, o: { dryRun: boolean; skillName: string }): void {
  const agents = selectAgents(run);
  const servers = toServers(run, { transport: 'auto', docs: true });
  // A shared skill folder stays while an agent left out of this run still has Warden's entry.
  const others = toAgents(run.place).filter((a) => !agents.some((b) => b.id === a.id) && existsAny(a.markers));
  const still = toAgentStatus(toContext(run, others), servers.slice(0, 1), { name: o.skillName }).filter((s) =>
    s.entries.some((e) => e.state === 'current' || e.state === 'outdated'),
  );
  const keep = new Set(still.flatMap((s) => (s.skillFile ? [s.skillFile] : [])));
  const names = servers.map((s) => s.name);
  const { plans, changes } = planUninstall(toContext(run, agents), names, o.skillName, keep);
  finish(run, plans, changes, o.dryRun);
}

/** `warden mcp status`: each agent found, its file, and whether each server's entry and the skill are there and current. */
export function statusAgents(run: AgentRun, skill: { name: string; digest?: string }): void {
  const agents = selectAgents(run);
  const statuses = toAgentStatus(toContext(run, agents), toServers(run, { transport: 'auto', docs: true }), skill);
  for (const line of toAgentStatusLines(statuses, run.name)) run.out(line);
  const unreadable = statuses.filter((s) => s.unreadable).length;
  if (unreadable) throw new CliError(`${unreadable} agent file(s) could not be read (above)`, 'ERR_CONFIG_SYNTAX');
}
