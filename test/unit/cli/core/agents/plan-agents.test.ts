import { describe, expect, it } from 'vitest';
import { type Place, type Target, toAgents } from '../../../../../cli/core/agents/agent-table.ts';
import { getServerEntry } from '../../../../../cli/core/agents/config-member.ts';
import { type Change, type PlanContext, planInstall, planUninstall } from '../../../../../cli/core/agents/plan-agents.ts';
import type { Server } from '../../../../../cli/core/agents/server-entry.ts';
import { toAgentStatus, toAgentStatusLines } from '../../../../../cli/core/agents/to-agent-status.ts';
import { toSkillDigest } from '../../../../../runtime/skill-digest.ts';

const place: Place = { home: '/h', env: {}, platform: 'linux', cwd: '/p' };
const HTTP: Target = { transport: 'http', url: 'https://warden.example/mcp' };
const STDIO: Target = { transport: 'stdio', command: '/h/.local/bin/warden', args: ['mcp'] };
const DOCS_URL = 'https://warden.example/mcp/docs';
const SKILL = { name: 'warden', text: '---\nname: warden\ndescription: "Use Warden"\n---\n\n# Warden\n' };
const agents = toAgents(place);
// The servers as `warden mcp install` gives them: Warden's (remote where the agent can sign in, else the bridge) and
// the docs server's, remote only.
const WARDEN: Server = { name: 'warden', targets: [HTTP, STDIO], instead: 'choose --transport stdio' };
const DOCS: Server = { name: 'warden-docs', targets: [{ transport: 'http', url: DOCS_URL }], instead: 'add it in the app' };
const BOTH = [WARDEN, DOCS];
const only = (id: string) => agents.filter((a) => a.id === id);

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
  read: disk.read,
});

const MINE = {
  '/h/.codex/config.toml': '# mine\n[mcp_servers.other]\ncommand = "x"\n',
  '/h/.config/zed/settings.json': '// mine\n{\n  "theme": "dark",\n  "context_servers": {},\n}\n',
  '/h/.claude.json': '{\n  "mcpServers": {\n    "other": { "command": "x" }\n  }\n}\n',
};

describe('planning install and uninstall over every agent', () => {
  it('install adds both entries and the skill once; a second run has nothing to change; uninstall gives back the files as they were', () => {
    const disk = createDisk(MINE);
    const first = planInstall(context(disk), BOTH, SKILL);
    // Claude Desktop's file holds local servers only: the docs server is left out of it, with what to do instead.
    expect(first.plans.map((p) => [p.agent.id, p.entries.map((e) => e.action ?? e.note)])).toEqual(
      agents.map((a) => [a.id, ['add', a.id === 'claude-desktop' ? 'cannot use http from its file: add it in the app' : 'add']]),
    );
    // Both entries of a file are one change to it.
    expect(first.changes.filter((c) => c.path === '/h/.codex/config.toml')).toHaveLength(1);
    // Agents that share .agents/skills get one file, written once.
    const skills = first.changes.filter((c) => c.path.endsWith('SKILL.md')).map((c) => c.path);
    expect(skills.sort()).toEqual([
      '/h/.agents/skills/warden/SKILL.md',
      '/h/.claude/skills/warden/SKILL.md',
      '/h/.codeium/windsurf/skills/warden/SKILL.md',
    ]);
    disk.apply(first.changes);
    const second = planInstall(context(disk), BOTH, SKILL);
    expect(second.changes).toEqual([]);
    expect(new Set(second.plans.flatMap((p) => [...p.entries.map((e) => e.action), p.skill]).filter(Boolean))).toEqual(new Set(['keep']));

    const statuses = toAgentStatus(context(disk), BOTH, { name: 'warden', digest: undefined });
    expect(statuses.map((s) => [s.id, s.entries.map((e) => `${e.state} ${e.detail}`)])).toEqual(
      agents.map((a) =>
        a.id === 'claude-desktop'
          ? [a.id, [`current stdio ${STDIO.command} mcp`, 'unusable cannot use http from its file: add it in the app']]
          : [a.id, [`current http ${HTTP.url}`, `current http ${DOCS_URL}`]],
      ),
    );
    expect(toAgentStatusLines(statuses.slice(0, 2), 'warden')).toEqual([
      `Claude Code: /h/.claude.json: warden is current: http ${HTTP.url}`,
      `  warden-docs is current: http ${DOCS_URL}`,
      `  skill /h/.claude/skills/warden/SKILL.md: installed (${toSkillDigest(SKILL.text).slice(0, 19)}…; the service could not be asked for its digest)`,
      `Claude Desktop: /h/.config/Claude/claude_desktop_config.json: warden is current: stdio ${STDIO.command} mcp`,
      '  warden-docs is not installed: cannot use http from its file: add it in the app',
    ]);

    const removed = planUninstall(context(disk), ['warden', 'warden-docs'], 'warden', new Set());
    expect(removed.plans.find((p) => p.agent.id === 'codex')!.entries).toEqual([
      { name: 'warden', action: 'remove' },
      { name: 'warden-docs', action: 'remove' },
    ]);
    disk.apply(removed.changes);
    for (const [path, text] of Object.entries(MINE)) expect(disk.read(path)).toBe(text);
    // Files install made keep an empty servers' object: it might have been the user's.
    expect(disk.read('/h/.cursor/mcp.json')).toBe('{\n  "mcpServers": {}\n}\n');
    expect(Object.keys(disk.snapshot()).filter((p) => p.endsWith('SKILL.md'))).toEqual([]);
  });

  it("each agent's file gets the docs server in the agent's own shape for a remote server, beside Warden's", () => {
    const disk = createDisk({});
    disk.apply(planInstall(context(disk), BOTH, undefined).changes);
    const entries = Object.fromEntries(
      agents.map((a) => {
        const text = disk.read(a.userFile)!;
        return [a.id, [a.key, getServerEntry(a, text, 'warden-docs', a.userFile), Boolean(getServerEntry(a, text, 'warden', a.userFile))]];
      }),
    );
    expect(entries).toEqual({
      'claude-code': ['mcpServers', { type: 'http', url: DOCS_URL }, true],
      'claude-desktop': ['mcpServers', undefined, true],
      cursor: ['mcpServers', { url: DOCS_URL }, true],
      vscode: ['servers', { type: 'http', url: DOCS_URL }, true],
      codex: ['mcp_servers', { url: DOCS_URL }, true],
      gemini: ['mcpServers', { httpUrl: DOCS_URL }, true],
      windsurf: ['mcpServers', { serverUrl: DOCS_URL }, true],
      opencode: ['mcp', { type: 'remote', url: DOCS_URL, enabled: true }, true],
      zed: ['context_servers', { url: DOCS_URL }, true],
    });
    // TOML names it as a bare key, the way Codex writes it.
    expect(disk.read('/h/.codex/config.toml')).toContain(`[mcp_servers.warden-docs]\nurl = "${DOCS_URL}"\n`);
  });

  it('with --transport stdio, Warden is the bridge and the docs server still the remote endpoint', () => {
    const stdio = { ...WARDEN, targets: [STDIO] };
    const { plans } = planInstall({ ...context(createDisk({})), agents: only('gemini') }, [stdio, DOCS], undefined);
    expect(plans[0]!.entries).toEqual([
      { name: 'warden', action: 'add', target: STDIO },
      { name: 'warden-docs', action: 'add', target: DOCS.targets[0] },
    ]);
  });

  it('an entry of another address or transport is updated in place, the docs server too; status calls each outdated first', () => {
    const disk = createDisk({
      '/h/.cursor/mcp.json':
        '{ "mcpServers": { "warden": { "url": "https://old.example/mcp" }, "warden-docs": { "url": "https://old.example/mcp/docs" } } }',
    });
    const [cursor] = toAgentStatus({ ...context(disk), agents: only('cursor') }, BOTH, { name: 'warden' });
    expect(cursor!.entries).toEqual([
      { name: 'warden', state: 'outdated', detail: '{"url":"https://old.example/mcp"}' },
      { name: 'warden-docs', state: 'outdated', detail: '{"url":"https://old.example/mcp/docs"}' },
    ]);
    const { plans, changes } = planInstall(
      { ...context(disk), agents: only('cursor') },
      [{ ...WARDEN, targets: [STDIO] }, DOCS],
      undefined,
    );
    expect(plans[0]!.entries.map((e) => [e.action, e.target])).toEqual([
      ['update', STDIO],
      ['update', DOCS.targets[0]],
    ]);
    expect(JSON.parse(changes[0]!.after!)).toEqual({
      mcpServers: { warden: { command: STDIO.command, args: ['mcp'] }, 'warden-docs': { url: DOCS_URL } },
    });
  });

  it('--no-docs (Warden alone) writes no docs entry and leaves one already there as it is; uninstall removes it', () => {
    const docs = '{\n  "mcpServers": {\n    "warden-docs": { "url": "https://old.example/mcp/docs" }\n  }\n}\n';
    const disk = createDisk({ '/h/.cursor/mcp.json': docs });
    const first = planInstall(context(disk), [WARDEN], SKILL);
    expect(new Set(first.plans.map((p) => p.entries.map((e) => e.name).join()))).toEqual(new Set(['warden']));
    expect(first.changes.filter((c) => c.after?.includes('warden-docs')).map((c) => c.path)).toEqual(['/h/.cursor/mcp.json']);
    disk.apply(first.changes);
    expect(JSON.parse(disk.read('/h/.cursor/mcp.json')!).mcpServers['warden-docs']).toEqual({ url: 'https://old.example/mcp/docs' });
    // Without --no-docs, the run after it adds the docs server and changes nothing else.
    const second = planInstall(context(disk), BOTH, SKILL);
    expect(
      second.plans.flatMap((p) => p.entries.filter((e) => e.action && e.action !== 'keep').map((e) => [p.agent.id, e.name, e.action])),
    ).toEqual(agents.filter((a) => a.id !== 'claude-desktop').map((a) => [a.id, 'warden-docs', a.id === 'cursor' ? 'update' : 'add']));
    disk.apply(planUninstall({ ...context(disk), agents: only('cursor') }, ['warden', 'warden-docs'], 'warden', new Set()).changes);
    expect(disk.read('/h/.cursor/mcp.json')).toBe('{\n  "mcpServers": {}\n}\n');
  });

  it('uninstall removes the docs entry where it is alone, and says which entry was not there', () => {
    const disk = createDisk({
      '/h/.gemini/settings.json': '{ "mcpServers": { "other": { "command": "x" }, "warden-docs": { "httpUrl": "u" } } }\n',
    });
    const { plans, changes } = planUninstall({ ...context(disk), agents: only('gemini') }, ['warden', 'warden-docs'], 'warden', new Set());
    expect(plans[0]!.entries).toEqual([
      { name: 'warden', action: 'absent' },
      { name: 'warden-docs', action: 'remove' },
    ]);
    expect(JSON.parse(changes[0]!.after!)).toEqual({ mcpServers: { other: { command: 'x' } } });
  });

  it('a file that does not parse leaves its agent alone (no change, its skill neither), and the others go on', () => {
    const disk = createDisk({ '/h/.cursor/mcp.json': '{ "mcpServers": { ' });
    const { plans, changes } = planInstall(context(disk), BOTH, SKILL);
    expect(plans.find((p) => p.agent.id === 'cursor')).toMatchObject({
      entries: [],
      error: expect.stringMatching(/^\/h\/\.cursor\/mcp\.json:1:\d+: /),
    });
    expect(changes.map((c) => c.path)).not.toContain('/h/.cursor/mcp.json');
    expect(changes.some((c) => c.path === '/h/.codex/config.toml')).toBe(true);
    const [cursor] = toAgentStatus({ ...context(disk), agents: only('cursor') }, BOTH, { name: 'warden' });
    expect(toAgentStatusLines([cursor!], 'warden')[0]).toMatch(
      /^Cursor: \/h\/\.cursor\/mcp\.json: cannot read it: \/h\/\.cursor\/mcp\.json:1:/,
    );
  });

  it('an agent that cannot use the transport asked for is skipped with why; --project skips agents with no project file', () => {
    const disk = createDisk({});
    const http = planInstall(context(disk), [{ ...WARDEN, targets: [HTTP] }, DOCS], undefined).plans.find(
      (p) => p.agent.id === 'claude-desktop',
    )!;
    expect(http.entries).toEqual([
      { name: 'warden', note: 'cannot use http from its file: choose --transport stdio' },
      { name: 'warden-docs', note: 'cannot use http from its file: add it in the app' },
    ]);
    const project = planInstall(context(disk, 'project'), BOTH, SKILL);
    expect(project.plans.find((p) => p.agent.id === 'windsurf')).toMatchObject({
      entries: [],
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
    const { changes } = planUninstall(context(disk), ['warden', 'warden-docs'], 'warden', new Set(['/h/.agents/skills/warden/SKILL.md']));
    expect(changes).toEqual([]);
  });
});
