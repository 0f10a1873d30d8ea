import { createTwoFilesPatch } from 'diff';
import { PATHS } from '../../../facts/paths.ts';
import { CliError, usageError } from '../cli-error.ts';
import { type Agent, getAgentIds, type Place, type Target, toAgents } from './agent-table.ts';
import { applyChanges, existsAny, readText } from './config-files.ts';
import { type Action, type AgentPlan, type Change, type PlanContext, planInstall, planUninstall } from './plan-agents.ts';
import type { PublishedSkill } from './skill-file.ts';
import { toAgentStatus, toAgentStatusLines, toTargetText } from './to-agent-status.ts';

/** What `warden mcp install|status|uninstall` are handed: the place, this install's targets, the output. */
export interface AgentRun {
  place: Place;
  /** The server's name in every file (the binary's name). */
  name: string;
  scope: 'user' | 'project';
  /** `--agent`: these agents whether found or not; else every agent found on this machine. */
  agentIds: string[];
  /** This install's service: agents that connect remotely get `<baseUrl>/mcp`. */
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

/** The remote endpoint of this install (contract ENDPOINT-10: the same-host MCP path), where agents sign in with OAuth. */
function toHttpTarget(run: AgentRun): Target {
  return { transport: 'http', url: `${run.baseUrl}${PATHS.mcp}` };
}

function toContext(run: AgentRun, agents: Agent[]): PlanContext {
  return { agents, scope: run.scope, place: run.place, name: run.name, read: readText };
}

const VERBS = { add: 'added', update: 'updated', remove: 'removed' } as const;

/** An action in words: what changed, or would for a dry run; or why nothing did. */
function toActionText(action: Action, dryRun: boolean): string {
  if (action === 'keep') return 'unchanged';
  if (action === 'absent') return 'not there';
  return `${dryRun ? 'would be ' : ''}${VERBS[action]}`;
}

/** One line per agent (and one for its skill) saying what was done or would be, or why it was left alone. */
function reportPlans(run: AgentRun, plans: AgentPlan[], dryRun: boolean): number {
  let failed = 0;
  for (const p of plans) {
    if (p.error) {
      run.err(`${run.name}: error: ${p.agent.name}: ${p.error}`);
      failed++;
      continue;
    }
    if (p.entry) {
      const what = p.target ? ` (${toTargetText(p.target)})` : '';
      run.out(`${p.agent.name}: ${p.file}: ${run.name}${what} ${toActionText(p.entry, dryRun)}`);
    } else run.out(`${p.agent.name}: ${p.note ?? 'nothing to do'}`);
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

/** `warden mcp install`: Warden's entry (and skill, fetched once the agents are known) into each agent's files. */
export async function installAgents(
  run: AgentRun,
  o: { transport: 'auto' | 'http' | 'stdio'; dryRun: boolean; getSkill(): Promise<PublishedSkill | undefined> },
): Promise<void> {
  const agents = selectAgents(run);
  const skill = await o.getSkill();
  const http = toHttpTarget(run);
  const choose = (agent: Agent): Target =>
    o.transport === 'stdio' ? run.stdio : o.transport === 'http' || agent.toEntry(http) ? http : run.stdio;
  const { plans, changes } = planInstall(toContext(run, agents), choose, skill);
  finish(run, plans, changes, o.dryRun);
  if (!o.dryRun && changes.length)
    run.err(`${run.name}: restart the agents that are running; each signs in on its first tool call (\`${run.name} login\` for stdio)`);
}

/** `warden mcp uninstall`: only what install adds: the entry named like the binary, and its skill. */
export function uninstallAgents(run: AgentRun, o: { dryRun: boolean; skillName: string }): void {
  const agents = selectAgents(run);
  // A shared skill folder stays while an agent left out of this run still has Warden's entry.
  const others = toAgents(run.place).filter((a) => !agents.some((b) => b.id === a.id) && existsAny(a.markers));
  const still = toAgentStatus(toContext(run, others), [toHttpTarget(run), run.stdio], { name: o.skillName }).filter(
    (s) => s.entry === 'current' || s.entry === 'outdated',
  );
  const keep = new Set(still.flatMap((s) => (s.skillFile ? [s.skillFile] : [])));
  const { plans, changes } = planUninstall(toContext(run, agents), o.skillName, keep);
  finish(run, plans, changes, o.dryRun);
}

/** `warden mcp status`: each agent found, its file, and whether Warden's entry and skill are there and current. */
export function statusAgents(run: AgentRun, skill: { name: string; digest?: string }): void {
  const agents = selectAgents(run);
  const statuses = toAgentStatus(toContext(run, agents), [toHttpTarget(run), run.stdio], skill);
  for (const line of toAgentStatusLines(statuses, run.name)) run.out(line);
  const unreadable = statuses.filter((s) => s.entry === 'unreadable').length;
  if (unreadable) throw new CliError(`${unreadable} agent file(s) could not be read (above)`, 'ERR_CONFIG_SYNTAX');
}
