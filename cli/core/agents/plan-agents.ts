import { posix, win32 } from 'node:path';
import { type Agent, type Place, type Target, toAgentFiles } from './agent-table.ts';
import { getServerEntry, isSameValue, setServerEntry } from './config-member.ts';
import { ConfigSyntaxError } from './config-syntax-error.ts';
import { toSkillName } from './skill-file.ts';

/** What happens to one thing (a server entry, a skill file) in a run. */
export type Action = 'add' | 'update' | 'keep' | 'remove' | 'absent';

/** One agent's part of a run: its file, what happens to Warden's entry and skill, or why it was left alone. */
export interface AgentPlan {
  agent: Agent;
  file?: string;
  entry?: Action;
  target?: Target;
  skillFile?: string;
  skill?: Action;
  /** Why part of it is skipped (no file in this scope, a transport it cannot use from its file). */
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

/** The inputs every plan shares: the agents, the scope, the server's name, and the files as they are now. */
export interface PlanContext {
  agents: Agent[];
  scope: 'user' | 'project';
  place: Place;
  /** The server's name in each file, and the skill's folder name when the service names no skill. */
  name: string;
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

/**
 * `warden mcp install`: for each agent, Warden's entry for `target(agent)` (undefined: it cannot use the transport
 * asked for) and the skill. A file that does not parse leaves its agent alone; a second run changes nothing.
 */
export function planInstall(
  c: PlanContext,
  target: (agent: Agent) => Target | undefined,
  skill: { name: string; text: string } | undefined,
): { plans: AgentPlan[]; changes: Change[] } {
  const files = createOverlay(c.read);
  const plans = c.agents.map((agent): AgentPlan => {
    const { config, skills } = toAgentFiles(agent, c.scope, c.place);
    const plan: AgentPlan = { agent, file: config };
    const chosen = target(agent);
    const entry = chosen && agent.toEntry(chosen);
    if (!config) plan.note = `has no ${c.scope} file for MCP servers`;
    else if (!entry) plan.note = `cannot use ${chosen?.transport ?? 'that transport'} from its file: choose --transport stdio`;
    try {
      if (config && entry) {
        const text = files.read(config) ?? '';
        const now = getServerEntry(agent, text, c.name, config);
        plan.target = chosen;
        plan.entry = now === undefined ? 'add' : isSameValue(now, entry) ? 'keep' : 'update';
        if (plan.entry !== 'keep') files.set(config, setServerEntry(agent, text, c.name, entry, config));
      }
    } catch (error) {
      if (!(error instanceof ConfigSyntaxError)) throw error;
      return { agent, file: config, error: error.message };
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
 * `warden mcp uninstall`: removes Warden's entry and the skill install wrote (a SKILL.md whose front matter names it),
 * nothing else. A skill folder another agent still uses (`keepSkills`) stays.
 */
export function planUninstall(c: PlanContext, skillName: string, keepSkills: Set<string>): { plans: AgentPlan[]; changes: Change[] } {
  const files = createOverlay(c.read);
  const plans = c.agents.map((agent): AgentPlan => {
    const { config, skills } = toAgentFiles(agent, c.scope, c.place);
    const plan: AgentPlan = { agent, file: config };
    try {
      if (config) {
        const text = files.read(config);
        const now = text === undefined ? undefined : getServerEntry(agent, text, c.name, config);
        plan.entry = now === undefined ? 'absent' : 'remove';
        if (now !== undefined) files.set(config, setServerEntry(agent, text!, c.name, undefined, config));
      }
    } catch (error) {
      if (!(error instanceof ConfigSyntaxError)) throw error;
      return { agent, file: config, error: error.message };
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
