import { posix, win32 } from 'node:path';
import { type Agent, type Target, toAgentFiles } from './agent-table.ts';
import { getServerEntry, isSameValue } from './config-member.ts';
import { ConfigSyntaxError } from './config-syntax-error.ts';
import type { PlanContext } from './plan-agents.ts';
import { type Server, toServerEntry, toUnusableNote } from './server-entry.ts';
import { toSkillDigest } from '../../../runtime/skill-digest.ts';

/** One server's entry in an agent's file: what install writes (`current`), something else, nothing, or nothing it could write. */
export interface EntryStatus {
  name: string;
  state: 'current' | 'outdated' | 'absent' | 'unusable';
  /** The transport and address of a current entry, the entry as found when outdated, why none can be written when unusable. */
  detail?: string;
}

/** One agent's state: where its file is, whether each server's entry and the skill are there and current. */
export interface AgentStatus {
  id: string;
  name: string;
  file?: string;
  /** One per server, in the order asked; none when the agent has no file in this scope or it does not parse. */
  entries: EntryStatus[];
  /** The file does not parse: the error, naming the line. */
  unreadable?: string;
  skillFile?: string;
  skill?: 'current' | 'outdated' | 'absent' | 'installed';
  skillDigest?: string;
}

/** A target in words: `http <url>` or `stdio <command> <args>`. */
export function toTargetText(target: Target): string {
  return target.transport === 'http' ? `http ${target.url}` : `stdio ${[target.command, ...target.args].join(' ')}`;
}

/** One server's entry as found in the file's text, against every target install may write for it. */
function toEntryStatus(agent: Agent, text: string | undefined, server: Server, file: string): EntryStatus {
  const now = text === undefined ? undefined : getServerEntry(agent, text, server.name, file);
  const match = server.targets.find((t) => isSameValue(agent.toEntry(t), now));
  if (match && now !== undefined) return { name: server.name, state: 'current', detail: toTargetText(match) };
  if (now !== undefined) return { name: server.name, state: 'outdated', detail: JSON.stringify(now) };
  if (!toServerEntry(agent, server)) return { name: server.name, state: 'unusable', detail: toUnusableNote(server) };
  return { name: server.name, state: 'absent' };
}

/**
 * `warden mcp status`: each agent's entry for each server compared with what install writes for this install (any
 * of its targets), and its skill compared with the digest the service publishes now (`skill`, undefined when it
 * could not be read).
 */
export function toAgentStatus(c: PlanContext, servers: Server[], skill: { name: string; digest?: string }): AgentStatus[] {
  return c.agents.map((agent) => {
    const { config, skills } = toAgentFiles(agent, c.scope, c.place);
    const status: AgentStatus = { id: agent.id, name: agent.name, file: config, entries: [] };
    if (config) {
      try {
        const text = c.read(config);
        status.entries = servers.map((server) => toEntryStatus(agent, text, server, config));
      } catch (error) {
        if (!(error instanceof ConfigSyntaxError)) throw error;
        status.unreadable = error.message;
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

/** The status as lines for a person: one per agent (its first entry), one more for each other entry and its skill. */
export function toAgentStatusLines(statuses: AgentStatus[], binary: string): string[] {
  const short = (digest?: string) => (digest ? `${digest.slice(0, 19)}…` : '');
  const toEntryText = (e: EntryStatus) =>
    ({
      current: `${e.name} is current: ${e.detail}`,
      outdated: `${e.name} is outdated (${e.detail}): run \`${binary} mcp install\``,
      absent: `${e.name} is not installed`,
      unusable: `${e.name} is not installed: ${e.detail}`,
    })[e.state];
  return statuses.flatMap((s) => {
    const [first, ...rest] = s.entries.map(toEntryText);
    const file = s.unreadable ? `cannot read it: ${s.unreadable}` : (first ?? 'no MCP file in this scope');
    const lines = [`${s.name}: ${s.file ?? '-'}: ${file}`, ...rest.map((line) => `  ${line}`)];
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
