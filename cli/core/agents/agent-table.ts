import { posix, win32 } from 'node:path';

/** How an agent reaches the tools: the remote endpoint (it signs in with OAuth itself) or the local stdio bridge. */
export type Target = { transport: 'http'; url: string } | { transport: 'stdio'; command: string; args: string[] };

/** Where an agent is installed from: the user's home, environment and OS, and the project folder. */
export interface Place {
  home: string;
  env: Record<string, string | undefined>;
  platform: string;
  cwd: string;
}

/** One coding agent: where it keeps its MCP servers and skills, in which format, and the entry it understands. */
export interface Agent {
  id: string;
  name: string;
  /** The agent's own page on this file's format: every entry below follows it. */
  docs: string;
  format: 'json' | 'toml';
  /** The member holding the servers, by name (`mcpServers`, `servers`, `context_servers`, `mcp`, `mcp_servers`). */
  key: string;
  /** The user-scope file, and any folders whose presence means the agent is on this machine. */
  userFile: string;
  markers: string[];
  /** The project's own file, relative to the project folder; none when the agent reads only its user file. */
  projectFile?: string;
  /** Where it reads Agent Skills (`<dir>/<name>/SKILL.md`), user and project; none when it reads none from files. */
  userSkills?: string;
  projectSkills?: string;
  /** The entry for a target, or undefined when the agent cannot use that transport from its file. */
  toEntry(target: Target): Record<string, unknown> | undefined;
}

const stdio = (t: Target) => (t.transport === 'stdio' ? { command: t.command, args: t.args } : undefined);

/**
 * Every agent `warden mcp install` knows, with its files on this place's OS (macOS, Linux, Windows). The folders
 * follow each agent's documentation; the skill folders follow the `skills` CLI's table (agents reading the shared
 * `.agents/skills` get it there), which test/release/mcp-install.test.ts checks against that CLI itself.
 */
export function toAgents(place: Place): Agent[] {
  const { home, env, platform } = place;
  const path = platform === 'win32' ? win32 : posix;
  const join = path.join;
  const appData = env.APPDATA || join(home, 'AppData', 'Roaming');
  // The XDG Base Directory Specification: a relative XDG_CONFIG_HOME is invalid and ignored.
  const xdg = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(home, '.config');
  // Where desktop apps (Electron's appData) keep their settings on each OS.
  const appSupport = platform === 'darwin' ? join(home, 'Library', 'Application Support') : platform === 'win32' ? appData : xdg;
  const claudeDir = env.CLAUDE_CONFIG_DIR || join(home, '.claude');
  const codexDir = env.CODEX_HOME || join(home, '.codex');
  const sharedSkills = join(home, '.agents', 'skills');
  const shared = { userSkills: sharedSkills, projectSkills: '.agents/skills' };
  // Zed: ~/.config/zed on macOS and Linux (XDG_CONFIG_HOME on Linux), %APPDATA%\Zed on Windows.
  const zedDir = platform === 'win32' ? join(appData, 'Zed') : join(platform === 'darwin' ? join(home, '.config') : xdg, 'zed');
  const opencodeDir = join(xdg, 'opencode');
  return [
    {
      id: 'claude-code',
      name: 'Claude Code',
      docs: 'https://code.claude.com/docs/en/mcp',
      format: 'json',
      key: 'mcpServers',
      // With CLAUDE_CONFIG_DIR, Claude Code keeps .claude.json there instead of the home folder.
      userFile: join(env.CLAUDE_CONFIG_DIR || home, '.claude.json'),
      markers: [claudeDir, join(env.CLAUDE_CONFIG_DIR || home, '.claude.json')],
      projectFile: '.mcp.json',
      userSkills: join(claudeDir, 'skills'),
      projectSkills: '.claude/skills',
      toEntry: (t) => (t.transport === 'http' ? { type: 'http', url: t.url } : { type: 'stdio', command: t.command, args: t.args }),
    },
    {
      id: 'claude-desktop',
      name: 'Claude Desktop',
      // Its file holds local servers only; remote ones are added as connectors in the app.
      docs: 'https://modelcontextprotocol.io/docs/develop/connect-local-servers',
      format: 'json',
      key: 'mcpServers',
      userFile: join(appSupport, 'Claude', 'claude_desktop_config.json'),
      markers: [join(appSupport, 'Claude')],
      toEntry: stdio,
    },
    {
      id: 'cursor',
      name: 'Cursor',
      docs: 'https://cursor.com/docs/context/mcp',
      format: 'json',
      key: 'mcpServers',
      userFile: join(home, '.cursor', 'mcp.json'),
      markers: [join(home, '.cursor')],
      projectFile: '.cursor/mcp.json',
      ...shared,
      toEntry: (t) => (t.transport === 'http' ? { url: t.url } : stdio(t)),
    },
    {
      id: 'vscode',
      name: 'VS Code',
      docs: 'https://code.visualstudio.com/docs/copilot/customization/mcp-servers',
      format: 'json',
      key: 'servers',
      userFile: join(appSupport, 'Code', 'User', 'mcp.json'),
      markers: [join(appSupport, 'Code')],
      projectFile: '.vscode/mcp.json',
      ...shared,
      toEntry: (t) => (t.transport === 'http' ? { type: 'http', url: t.url } : { type: 'stdio', command: t.command, args: t.args }),
    },
    {
      id: 'codex',
      name: 'Codex',
      docs: 'https://developers.openai.com/codex/mcp',
      format: 'toml',
      key: 'mcp_servers',
      userFile: join(codexDir, 'config.toml'),
      markers: [codexDir],
      projectFile: '.codex/config.toml',
      ...shared,
      toEntry: (t) => (t.transport === 'http' ? { url: t.url } : stdio(t)),
    },
    {
      id: 'gemini',
      name: 'Gemini CLI',
      docs: 'https://github.com/google-gemini/gemini-cli/blob/main/docs/tools/mcp-server.md',
      format: 'json',
      key: 'mcpServers',
      userFile: join(home, '.gemini', 'settings.json'),
      markers: [join(home, '.gemini')],
      projectFile: '.gemini/settings.json',
      ...shared,
      // httpUrl is Streamable HTTP; `url` would be the older SSE transport.
      toEntry: (t) => (t.transport === 'http' ? { httpUrl: t.url } : stdio(t)),
    },
    {
      id: 'windsurf',
      name: 'Windsurf',
      docs: 'https://docs.windsurf.com/windsurf/cascade/mcp',
      format: 'json',
      key: 'mcpServers',
      userFile: join(home, '.codeium', 'windsurf', 'mcp_config.json'),
      markers: [join(home, '.codeium', 'windsurf')],
      userSkills: join(home, '.codeium', 'windsurf', 'skills'),
      projectSkills: '.windsurf/skills',
      toEntry: (t) => (t.transport === 'http' ? { serverUrl: t.url } : stdio(t)),
    },
    {
      id: 'opencode',
      name: 'opencode',
      docs: 'https://opencode.ai/docs/mcp-servers/',
      format: 'json',
      key: 'mcp',
      // opencode keeps ~/.config/opencode on every OS (Windows too).
      userFile: join(opencodeDir, 'opencode.json'),
      markers: [opencodeDir],
      projectFile: 'opencode.json',
      ...shared,
      toEntry: (t) =>
        t.transport === 'http'
          ? { type: 'remote', url: t.url, enabled: true }
          : { type: 'local', command: [t.command, ...t.args], enabled: true },
    },
    {
      id: 'zed',
      name: 'Zed',
      docs: 'https://zed.dev/docs/ai/mcp',
      format: 'json',
      key: 'context_servers',
      userFile: join(zedDir, 'settings.json'),
      markers: [zedDir],
      projectFile: '.zed/settings.json',
      ...shared,
      toEntry: (t) => (t.transport === 'http' ? { url: t.url } : stdio(t)),
    },
  ];
}

/** Where install writes for an agent in a scope: its config file and skills folder (undefined: none in that scope). */
export function toAgentFiles(agent: Agent, scope: 'user' | 'project', place: Place): { config?: string; skills?: string } {
  if (scope === 'user') return { config: agent.userFile, skills: agent.userSkills };
  const join = (place.platform === 'win32' ? win32 : posix).join;
  return {
    config: agent.projectFile && join(place.cwd, agent.projectFile),
    skills: agent.projectSkills && join(place.cwd, agent.projectSkills),
  };
}

/** The agents' ids, for `--agent` and its help. */
export function getAgentIds(): string[] {
  return toAgents({ home: '/', env: {}, platform: 'linux', cwd: '/' }).map((a) => a.id);
}
