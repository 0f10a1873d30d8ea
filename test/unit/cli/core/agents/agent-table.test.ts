import { describe, expect, it } from 'vitest';
import { type Place, type Target, toAgentFiles, toAgents } from '../../../../../cli/core/agents/agent-table.ts';

const HTTP: Target = { transport: 'http', url: 'https://warden.example/mcp' };
const STDIO: Target = { transport: 'stdio', command: '/home/ada/.local/bin/warden', args: ['mcp'] };

const PLACES: Record<string, Place> = {
  linux: { home: '/home/ada', env: {}, platform: 'linux', cwd: '/src/app' },
  darwin: { home: '/Users/ada', env: {}, platform: 'darwin', cwd: '/src/app' },
  win32: { home: 'C:\\Users\\ada', env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, platform: 'win32', cwd: 'C:\\src\\app' },
};

// Each agent's user file on each OS, as its documentation gives it (the URL in cli/core/agents/agent-table.ts).
const USER_FILES: Record<string, Record<string, string>> = {
  linux: {
    'claude-code': '/home/ada/.claude.json',
    'claude-desktop': '/home/ada/.config/Claude/claude_desktop_config.json',
    cursor: '/home/ada/.cursor/mcp.json',
    vscode: '/home/ada/.config/Code/User/mcp.json',
    codex: '/home/ada/.codex/config.toml',
    gemini: '/home/ada/.gemini/settings.json',
    windsurf: '/home/ada/.codeium/windsurf/mcp_config.json',
    opencode: '/home/ada/.config/opencode/opencode.json',
    zed: '/home/ada/.config/zed/settings.json',
  },
  darwin: {
    'claude-code': '/Users/ada/.claude.json',
    'claude-desktop': '/Users/ada/Library/Application Support/Claude/claude_desktop_config.json',
    cursor: '/Users/ada/.cursor/mcp.json',
    vscode: '/Users/ada/Library/Application Support/Code/User/mcp.json',
    codex: '/Users/ada/.codex/config.toml',
    gemini: '/Users/ada/.gemini/settings.json',
    windsurf: '/Users/ada/.codeium/windsurf/mcp_config.json',
    opencode: '/Users/ada/.config/opencode/opencode.json',
    zed: '/Users/ada/.config/zed/settings.json',
  },
  win32: {
    'claude-code': 'C:\\Users\\ada\\.claude.json',
    'claude-desktop': 'C:\\Users\\ada\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
    cursor: 'C:\\Users\\ada\\.cursor\\mcp.json',
    vscode: 'C:\\Users\\ada\\AppData\\Roaming\\Code\\User\\mcp.json',
    codex: 'C:\\Users\\ada\\.codex\\config.toml',
    gemini: 'C:\\Users\\ada\\.gemini\\settings.json',
    windsurf: 'C:\\Users\\ada\\.codeium\\windsurf\\mcp_config.json',
    opencode: 'C:\\Users\\ada\\.config\\opencode\\opencode.json',
    zed: 'C:\\Users\\ada\\AppData\\Roaming\\Zed\\settings.json',
  },
};

describe('the agents and their files', () => {
  it.each(Object.keys(PLACES))('on %s, each user file is where the agent reads it', (os) => {
    const files = Object.fromEntries(toAgents(PLACES[os]!).map((a) => [a.id, a.userFile]));
    expect(files).toEqual(USER_FILES[os]);
  });

  it("follows the agents' own variables: CLAUDE_CONFIG_DIR, CODEX_HOME, and XDG_CONFIG_HOME on Linux (a relative one is ignored)", () => {
    const env = { CLAUDE_CONFIG_DIR: '/cfg/claude', CODEX_HOME: '/cfg/codex', XDG_CONFIG_HOME: '/xdg' };
    const agents = Object.fromEntries(toAgents({ ...PLACES.linux!, env }).map((a) => [a.id, a]));
    expect(agents['claude-code']).toMatchObject({ userFile: '/cfg/claude/.claude.json', userSkills: '/cfg/claude/skills' });
    expect(agents.codex!.userFile).toBe('/cfg/codex/config.toml');
    expect(agents.vscode!.userFile).toBe('/xdg/Code/User/mcp.json');
    expect(agents.zed!.userFile).toBe('/xdg/zed/settings.json');
    expect(agents.opencode!.userFile).toBe('/xdg/opencode/opencode.json');
    const relative = toAgents({ ...PLACES.linux!, env: { XDG_CONFIG_HOME: 'xdg' } });
    expect(relative.find((a) => a.id === 'zed')!.userFile).toBe('/home/ada/.config/zed/settings.json');
  });

  it("the project's own files, and none for the agents that read only the user's (Claude Desktop, Windsurf)", () => {
    const project = Object.fromEntries(toAgents(PLACES.linux!).map((a) => [a.id, toAgentFiles(a, 'project', PLACES.linux!)]));
    expect(project).toEqual({
      'claude-code': { config: '/src/app/.mcp.json', skills: '/src/app/.claude/skills' },
      'claude-desktop': { config: undefined, skills: undefined },
      cursor: { config: '/src/app/.cursor/mcp.json', skills: '/src/app/.agents/skills' },
      vscode: { config: '/src/app/.vscode/mcp.json', skills: '/src/app/.agents/skills' },
      codex: { config: '/src/app/.codex/config.toml', skills: '/src/app/.agents/skills' },
      gemini: { config: '/src/app/.gemini/settings.json', skills: '/src/app/.agents/skills' },
      windsurf: { config: undefined, skills: '/src/app/.windsurf/skills' },
      opencode: { config: '/src/app/opencode.json', skills: '/src/app/.agents/skills' },
      zed: { config: '/src/app/.zed/settings.json', skills: '/src/app/.agents/skills' },
    });
    const win = toAgents(PLACES.win32!).find((a) => a.id === 'vscode')!;
    expect(toAgentFiles(win, 'project', PLACES.win32!).config).toBe('C:\\src\\app\\.vscode\\mcp.json');
  });

  // The agents without a CLI on npm are checked against the format their documentation shows:
  // Claude Desktop https://modelcontextprotocol.io/docs/develop/connect-local-servers (local servers only: remote ones
  //   are connectors added in the app), `mcpServers` → `{ command, args }`;
  // Cursor https://cursor.com/docs/context/mcp, `mcpServers` → `{ url }` (OAuth) or `{ command, args }`;
  // VS Code https://code.visualstudio.com/docs/copilot/customization/mcp-servers, `servers` → `{ type: "http", url }`
  //   or `{ type: "stdio", command, args }`;
  // Windsurf https://docs.windsurf.com/windsurf/cascade/mcp, `mcpServers` → `{ serverUrl }` or `{ command, args }`;
  // Zed https://zed.dev/docs/ai/mcp, `context_servers` → `{ url }` (OAuth) or `{ command, args }`.
  // The others are proven by their own CLIs (test/release/mcp-install.test.ts).
  it('writes each agent the entry its documentation shows, for either transport', () => {
    const entries = Object.fromEntries(
      toAgents(PLACES.linux!).map((a) => [a.id, { key: a.key, format: a.format, http: a.toEntry(HTTP), stdio: a.toEntry(STDIO) }]),
    );
    const command = { command: STDIO.command, args: ['mcp'] };
    expect(entries).toEqual({
      'claude-code': { key: 'mcpServers', format: 'json', http: { type: 'http', url: HTTP.url }, stdio: { type: 'stdio', ...command } },
      'claude-desktop': { key: 'mcpServers', format: 'json', http: undefined, stdio: command },
      cursor: { key: 'mcpServers', format: 'json', http: { url: HTTP.url }, stdio: command },
      vscode: { key: 'servers', format: 'json', http: { type: 'http', url: HTTP.url }, stdio: { type: 'stdio', ...command } },
      codex: { key: 'mcp_servers', format: 'toml', http: { url: HTTP.url }, stdio: command },
      gemini: { key: 'mcpServers', format: 'json', http: { httpUrl: HTTP.url }, stdio: command },
      windsurf: { key: 'mcpServers', format: 'json', http: { serverUrl: HTTP.url }, stdio: command },
      opencode: {
        key: 'mcp',
        format: 'json',
        http: { type: 'remote', url: HTTP.url, enabled: true },
        stdio: { type: 'local', command: [STDIO.command, 'mcp'], enabled: true },
      },
      zed: { key: 'context_servers', format: 'json', http: { url: HTTP.url }, stdio: command },
    });
  });
});
