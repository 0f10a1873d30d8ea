import { posix, win32 } from 'node:path';
import { type Target, toAgentFiles } from './agent-table.ts';
import { getServerEntry, isSameValue } from './config-member.ts';
import { ConfigSyntaxError } from './config-syntax-error.ts';
import type { PlanContext } from './plan-agents.ts';
import { toSkillDigest } from '../../../runtime/skill-digest.ts';

/** One agent's state: where its file is, whether Warden's entry and skill are there and current. */
export interface AgentStatus {
  id: string;
  name: string;
  file?: string;
  entry: 'current' | 'outdated' | 'absent' | 'unreadable' | 'none';
  /** The transport and address of a current entry, the entry as found when outdated, the error when unreadable. */
  detail?: string;
  skillFile?: string;
  skill?: 'current' | 'outdated' | 'absent' | 'installed';
  skillDigest?: string;
}

/** A target in words: `http <url>` or `stdio <command> <args>`. */
export function toTargetText(target: Target): string {
  return target.transport === 'http' ? `http ${target.url}` : `stdio ${[target.command, ...target.args].join(' ')}`;
}

/**
 * `warden mcp status`: each agent's entry compared with what install writes for this install (either transport),
 * and its skill compared with the digest the service publishes now (`skill`, undefined when it could not be read).
 */
export function toAgentStatus(c: PlanContext, targets: Target[], skill: { name: string; digest?: string }): AgentStatus[] {
  return c.agents.map((agent) => {
    const { config, skills } = toAgentFiles(agent, c.scope, c.place);
    const status: AgentStatus = { id: agent.id, name: agent.name, file: config, entry: 'none' };
    if (config) {
      try {
        const text = c.read(config);
        const now = text === undefined ? undefined : getServerEntry(agent, text, c.name, config);
        const match = targets.find((t) => isSameValue(agent.toEntry(t), now));
        status.entry = now === undefined ? 'absent' : match ? 'current' : 'outdated';
        if (match) status.detail = toTargetText(match);
        else if (now !== undefined) status.detail = JSON.stringify(now);
      } catch (error) {
        if (!(error instanceof ConfigSyntaxError)) throw error;
        status.entry = 'unreadable';
        status.detail = error.message;
      }
    }
    if (skills) {
      status.skillFile = (c.place.platform === 'win32' ? win32 : posix).join(skills, skill.name, 'SKILL.md');
      const text = c.read(status.skillFile);
      status.skillDigest = text === undefined ? undefined : toSkillDigest(text);
      status.skill = !status.skillDigest
        ? 'absent'
        : !skill.digest
          ? 'installed'
          : status.skillDigest === skill.digest
            ? 'current'
            : 'outdated';
    }
    return status;
  });
}

/** The status as lines for a person: one per agent, one more for its skill. */
export function toAgentStatusLines(statuses: AgentStatus[], binary: string): string[] {
  const short = (digest?: string) => (digest ? `${digest.slice(0, 19)}…` : '');
  return statuses.flatMap((s) => {
    const entry = {
      current: `${binary} is current: ${s.detail}`,
      outdated: `${binary} is outdated (${s.detail}): run \`${binary} mcp install\``,
      absent: `${binary} is not installed`,
      unreadable: `cannot read it: ${s.detail}`,
      none: 'no MCP file in this scope',
    }[s.entry];
    const lines = [`${s.name}: ${s.file ?? '-'}: ${entry}`];
    if (s.skillFile) {
      const skill = {
        current: `current (${short(s.skillDigest)})`,
        outdated: `outdated (${short(s.skillDigest)}): run \`${binary} mcp install\``,
        absent: 'not installed',
        installed: `installed (${short(s.skillDigest)}; the service could not be asked for its digest)`,
      }[s.skill!];
      lines.push(`  skill ${s.skillFile}: ${skill}`);
    }
    return lines;
  });
}
