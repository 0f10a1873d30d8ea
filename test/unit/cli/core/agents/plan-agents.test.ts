import { describe, expect, it } from 'vitest';
import { type Agent, type Place, type Target, toAgents } from '../../../../../cli/core/agents/agent-table.ts';
import { type Change, type PlanContext, planInstall, planUninstall } from '../../../../../cli/core/agents/plan-agents.ts';
import { toAgentStatus } from '../../../../../cli/core/agents/to-agent-status.ts';

const place: Place = { home: '/h', env: {}, platform: 'linux', cwd: '/p' };
const HTTP: Target = { transport: 'http', url: 'https://warden.example/mcp' };
const STDIO: Target = { transport: 'stdio', command: '/h/.local/bin/warden', args: ['mcp'] };
const SKILL = { name: 'warden', text: '---\nname: warden\ndescription: "Use Warden"\n---\n\n# Warden\n' };
const agents = toAgents(place);
const auto = (a: Agent) => (a.toEntry(HTTP) ? HTTP : STDIO);

/** A machine's files, changed by applying a plan's changes (what applyChanges does on disk). */
function createDisk(files: Record<string, string>) {
  const disk = new Map(Object.entries(files));
  return {
    read: (path: string) => disk.get(path),
    apply(changes: Change[]) {
      for (const c of changes) c.after === undefined ? disk.delete(c.path) : disk.set(c.path, c.after);
    },
    snapshot: () => Object.fromEntries(disk),
  };
}

const context = (disk: ReturnType<typeof createDisk>, scope: 'user' | 'project' = 'user'): PlanContext => ({
  agents,
  scope,
  place,
  name: 'warden',
  read: disk.read,
});

const MINE = {
  '/h/.codex/config.toml': '# mine\n[mcp_servers.other]\ncommand = "x"\n',
  '/h/.config/zed/settings.json': '// mine\n{\n  "theme": "dark",\n  "context_servers": {},\n}\n',
  '/h/.claude.json': '{\n  "mcpServers": {\n    "other": { "command": "x" }\n  }\n}\n',
};

describe('planning install and uninstall over every agent', () => {
  it('install adds each entry and skill once; a second run has nothing to change; uninstall gives back the files as they were', () => {
    const disk = createDisk(MINE);
    const first = planInstall(context(disk), auto, SKILL);
    expect(first.plans.map((p) => [p.agent.id, p.entry])).toEqual(agents.map((a) => [a.id, 'add']));
    // Agents that share .agents/skills get one file, written once.
    const skills = first.changes.filter((c) => c.path.endsWith('SKILL.md')).map((c) => c.path);
    expect(skills.sort()).toEqual([
      '/h/.agents/skills/warden/SKILL.md',
      '/h/.claude/skills/warden/SKILL.md',
      '/h/.codeium/windsurf/skills/warden/SKILL.md',
    ]);
    disk.apply(first.changes);
    const second = planInstall(context(disk), auto, SKILL);
    expect(second.changes).toEqual([]);
    expect(new Set(second.plans.flatMap((p) => [p.entry, p.skill]).filter(Boolean))).toEqual(new Set(['keep']));

    const statuses = toAgentStatus(context(disk), [HTTP, STDIO], { name: 'warden', digest: undefined });
    expect(statuses.map((s) => [s.id, s.entry, s.detail])).toEqual(
      agents.map((a) => [a.id, 'current', a.id === 'claude-desktop' ? `stdio ${STDIO.command} mcp` : `http ${HTTP.url}`]),
    );
    const removed = planUninstall(context(disk), 'warden', new Set());
    disk.apply(removed.changes);
    for (const [path, text] of Object.entries(MINE)) expect(disk.read(path)).toBe(text);
    // Files install made keep an empty servers' object: it might have been the user's.
    expect(disk.read('/h/.cursor/mcp.json')).toBe('{\n  "mcpServers": {}\n}\n');
    expect(Object.keys(disk.snapshot()).filter((p) => p.endsWith('SKILL.md'))).toEqual([]);
  });

  it('an entry of another address or transport is updated in place; status calls it outdated first', () => {
    const disk = createDisk({ '/h/.cursor/mcp.json': '{ "mcpServers": { "warden": { "url": "https://old.example/mcp" } } }' });
    const [cursor] = toAgentStatus({ ...context(disk), agents: agents.filter((a) => a.id === 'cursor') }, [HTTP, STDIO], {
      name: 'warden',
    });
    expect(cursor).toMatchObject({ entry: 'outdated', detail: '{"url":"https://old.example/mcp"}' });
    const { plans, changes } = planInstall({ ...context(disk), agents: agents.filter((a) => a.id === 'cursor') }, () => STDIO, undefined);
    expect(plans[0]).toMatchObject({ entry: 'update', target: STDIO });
    expect(JSON.parse(changes[0]!.after!)).toEqual({ mcpServers: { warden: { command: STDIO.command, args: ['mcp'] } } });
  });

  it('a file that does not parse leaves its agent alone (no change, its skill neither), and the others go on', () => {
    const disk = createDisk({ '/h/.cursor/mcp.json': '{ "mcpServers": { ' });
    const { plans, changes } = planInstall(context(disk), auto, SKILL);
    expect(plans.find((p) => p.agent.id === 'cursor')).toMatchObject({ error: expect.stringMatching(/^\/h\/\.cursor\/mcp\.json:1:\d+: /) });
    expect(changes.map((c) => c.path)).not.toContain('/h/.cursor/mcp.json');
    expect(changes.some((c) => c.path === '/h/.codex/config.toml')).toBe(true);
  });

  it('an agent that cannot use the transport asked for is skipped with why; --project skips agents with no project file', () => {
    const disk = createDisk({});
    const http = planInstall(context(disk), () => HTTP, undefined).plans.find((p) => p.agent.id === 'claude-desktop')!;
    expect(http.entry).toBeUndefined();
    expect(http.note).toBe('cannot use http from its file: choose --transport stdio');
    const project = planInstall(context(disk, 'project'), auto, SKILL);
    expect(project.plans.find((p) => p.agent.id === 'windsurf')).toMatchObject({
      note: 'has no project file for MCP servers',
      skill: 'add',
    });
    expect(project.changes.map((c) => c.path)).toContain('/p/.vscode/mcp.json');
  });

  it("uninstall removes no skill it did not write (another skill's folder of that name), nor one an agent left out still uses", () => {
    const disk = createDisk({
      '/h/.claude/skills/warden/SKILL.md': '---\nname: someone-else\n---\n',
      '/h/.agents/skills/warden/SKILL.md': SKILL.text,
    });
    const { changes } = planUninstall(context(disk), 'warden', new Set(['/h/.agents/skills/warden/SKILL.md']));
    expect(changes).toEqual([]);
  });
});
