import { posix, win32 } from 'node:path';
import { type Agent, type Place, type Target, toAgentFiles } from './agent-table.ts';
import { getServerEntry, isSameValue, setServerEntry } from './config-member.ts';
import { ConfigSyntaxError } from './config-syntax-error.ts';
import { type Server, toServerEntry, toUnusableNote } from './server-entry.ts';
import { toSkillName } from './skill-file.ts';

/** What happens to one thing (a server entry, a skill file) in a run. */
export type Action = 'add' | 'update' | 'keep' | 'remove' | 'absent';

/** What happens to one server's entry in an agent's file, or why it is left out (`note`). */
export interface EntryPlan {
  name: string;
  action?: Action;
  target?: Target;
  note?: string;
}

/** One agent's part of a run: its file, what happens to each server's entry and to the skill, or why it was left alone. */
export interface AgentPlan {
  agent: Agent;
  file?: string;
  /** One per server, in the order asked (Warden's first); none when the agent has no file in this scope. */
  entries: EntryPlan[];
  skillFile?: string;
  skill?: Action;
  /** Why the agent has no entries (no file in this scope). */
  note?: string;
  /** A file that does not parse: the agent is left alone. */
  error?: string;
}

/** A file to write (`after`), or to delete (`after` undefined); `before` undefined for a new file. */
export interface Change {
  path: string;
  before?: string;
  after?: string;
}

/** The inputs every plan shares: the agents, the scope, and the files as they are now. */
export interface PlanContext {
  agents: Agent[];
  scope: 'user' | 'project';
  place: Place;
  read(path: string): string | undefined;
}

/** Reads through the changes planned so far, so two plans touching one file see each other's edits. */
function createOverlay(read: (path: string) => string | undefined) {
  const changes = new Map<string, Change>();
  return {
    read: (path: string) => (changes.has(path) ? changes.get(path)!.after : read(path)),
    set(path: string, after: string | undefined) {
      const before = changes.has(path) ? changes.get(path)!.before : read(path);
      changes.set(path, { path, before, after });
    },
    changes: () => [...changes.values()].filter((c) => c.before !== c.after),
  };
}

/** The skill file of an agent in a scope: `<skills>/<name>/SKILL.md`. */
function toSkillFile(skills: string, name: string, place: Place): string {
  return (place.platform === 'win32' ? win32 : posix).join(skills, name, 'SKILL.md');
}

/** One server's entry in an agent's file (through the overlay), added or updated unless it is already what install writes. */
function planEntry(agent: Agent, config: string, server: Server, files: ReturnType<typeof createOverlay>): EntryPlan {
  const chosen = toServerEntry(agent, server);
  if (!chosen) return { name: server.name, note: toUnusableNote(server) };
  const text = files.read(config) ?? '';
  const now = getServerEntry(agent, text, server.name, config);
  const action = now === undefined ? 'add' : isSameValue(now, chosen.entry) ? 'keep' : 'update';
  if (action !== 'keep') files.set(config, setServerEntry(agent, text, server.name, chosen.entry, config));
  return { name: server.name, action, target: chosen.target };
}

/**
 * `warden mcp install`: for each agent, each server's entry (Warden's, the docs server's) and the skill. A file that
 * does not parse leaves its agent alone; a second run changes nothing.
 */
export function planInstall(
  c: PlanContext,
  servers: Server[],
  skill: { name: string; text: string } | undefined,
): { plans: AgentPlan[]; changes: Change[] } {
  const files = createOverlay(c.read);
  const plans = c.agents.map((agent): AgentPlan => {
    const { config, skills } = toAgentFiles(agent, c.scope, c.place);
    const plan: AgentPlan = { agent, file: config, entries: [] };
    if (!config) plan.note = `has no ${c.scope} file for MCP servers`;
    try {
      if (config) plan.entries = servers.map((server) => planEntry(agent, config, server, files));
    } catch (error) {
      if (!(error instanceof ConfigSyntaxError)) throw error;
      return { agent, file: config, entries: [], error: error.message };
    }
    if (skill && skills) {
      plan.skillFile = toSkillFile(skills, skill.name, c.place);
      const now = files.read(plan.skillFile);
      plan.skill = now === undefined ? 'add' : now === skill.text ? 'keep' : 'update';
      if (plan.skill !== 'keep') files.set(plan.skillFile, skill.text);
    }
    return plan;
  });
  return { plans, changes: files.changes() };
}

/**
 * `warden mcp uninstall`: removes the entries named `names` (what install writes) and the skill install wrote (a
 * SKILL.md whose front matter names it), nothing else. A skill folder another agent still uses (`keepSkills`) stays.
 */
export function planUninstall(
  c: PlanContext,
  names: string[],
  skillName: string,
  keepSkills: Set<string>,
): { plans: AgentPlan[]; changes: Change[] } {
  const files = createOverlay(c.read);
  const plans = c.agents.map((agent): AgentPlan => {
    const { config, skills } = toAgentFiles(agent, c.scope, c.place);
    const plan: AgentPlan = { agent, file: config, entries: [] };
    try {
      if (config)
        plan.entries = names.map((name): EntryPlan => {
          const text = files.read(config);
          const now = text === undefined ? undefined : getServerEntry(agent, text, name, config);
          if (now !== undefined) files.set(config, setServerEntry(agent, text!, name, undefined, config));
          return { name, action: now === undefined ? 'absent' : 'remove' };
        });
    } catch (error) {
      if (!(error instanceof ConfigSyntaxError)) throw error;
      return { agent, file: config, entries: [], error: error.message };
    }
    if (skills) {
      plan.skillFile = toSkillFile(skills, skillName, c.place);
      const now = files.read(plan.skillFile);
      const ours = now !== undefined && toSkillName(now) === skillName;
      plan.skill = ours && !keepSkills.has(plan.skillFile) ? 'remove' : ours ? 'keep' : 'absent';
      if (plan.skill === 'remove') files.set(plan.skillFile, undefined);
    }
    return plan;
  });
  return { plans, changes: files.changes() };
}
