import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS, toSkillPath } from '../../facts/paths.ts';
import { installAgentClis, listCodexServers } from '../helpers/agent-clis.ts';
import { startLocalSystem, type LocalSystem } from '../helpers/cli/local-system.ts';
import { freshHome, getWardenBinary, type Run, run, TEST_RELEASE_DIR, TEST_SITE } from '../helpers/cli/warden-binary.ts';

// `warden mcp install` proven with the agents themselves: each agent's own CLI from npm, in a HOME of its own that
// already holds another server (and comments, where the format has them), lists Warden after the install with the
// transport and address of this install, and the other server as it was. Where the CLI connects to what it lists
// (Claude Code, Gemini CLI, opencode), the handshake goes through the edge to the sandbox. The edge also answers the
// docs MCP server from the test build, which every agent gets beside Warden and connects to.
let system: LocalSystem;
let clis: Awaited<ReturnType<typeof installAgentClis>>;
let warden: string;
let servedSkill: string;
const homes: ReturnType<typeof freshHome>[] = [];

beforeAll(async () => {
  [system, clis] = await Promise.all([startLocalSystem({ releaseDir: TEST_RELEASE_DIR, docs: true }), installAgentClis()]);
  warden = getWardenBinary();
  servedSkill = await (await fetch(`${system.baseUrl}${toSkillPath('warden')}`)).text();
}, 240_000);
afterAll(async () => {
  await system?.close();
  for (const home of homes) home.remove();
});

/** A fresh HOME holding `files` (relative path → text), and the environment every command there runs with. */
function homeWith(files: Record<string, string>) {
  const home = freshHome();
  homes.push(home);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(home.home, path)), { recursive: true });
    writeFileSync(join(home.home, path), text);
  }
  // The agents' CLIs need no network here; each is told not to look for updates or send telemetry.
  const env = {
    ...home.env,
    WARDEN_BASE_URL: system.baseUrl,
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DO_NOT_TRACK: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
    // opencode fetches the models.dev catalog on start unless told not to.
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    GEMINI_CLI_NO_RELAUNCH: '1',
  };
  const read = (path: string) => readFileSync(join(home.home, path), 'utf8');
  const inHome = (command: string, args: string[]): Promise<Run> =>
    new Promise((done, fail) => run(command, args, { env, timeoutMs: 90_000 }).then(done, fail));
  return { home, env, read, inHome, warden: (...args: string[]) => inHome(warden, ['mcp', ...args]) };
}

const endpoint = () => `${system.baseUrl}${PATHS.mcp}`;
const docsEndpoint = () => `${system.baseUrl}${PATHS.mcpDocs}`;
/** A text as a regular expression that matches it alone. */
const toPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('warden mcp install, then each agent lists its servers', () => {
  it('Claude Code: `claude mcp list` connects to Warden over HTTP and to the other server, as they were', async () => {
    const claudeJson = `${JSON.stringify({ numStartups: 3, mcpServers: { other: { type: 'stdio', command: 'true', args: [] } } }, null, 2)}\n`;
    const h = homeWith({ '.claude.json': claudeJson });
    const installed = await h.warden('install', '--agent', 'claude-code');
    expect(installed.code, installed.stderr).toBe(0);
    expect(installed.stdout).toContain(`Claude Code: ${join(h.home.home, '.claude.json')}: warden (http ${endpoint()}) added`);
    const listed = await h.inHome(clis.claude, ['mcp', 'list']);
    expect(listed.stdout).toMatch(new RegExp(`warden: ${endpoint()} \\(HTTP\\) - [✓✔] Connected`));
    expect(listed.stdout).toMatch(/other: true {2}- /);
    expect(JSON.parse(h.read('.claude.json'))).toMatchObject({ numStartups: 3, mcpServers: { other: { command: 'true' } } });
    // The skill as the service serves it, where Claude Code reads skills.
    expect(h.read('.claude/skills/warden/SKILL.md')).toBe(servedSkill);
    // A second run changes nothing.
    const again = await h.warden('install', '--agent', 'claude-code');
    expect(again.stdout).toContain('unchanged');
    expect(again.stdout).not.toMatch(/added|updated/);
  }, 60_000);

  it('Claude Code over stdio: `claude mcp list` starts `warden mcp`, whose handshake goes through to the sandbox', async () => {
    const h = homeWith({});
    const installed = await h.warden('install', '--agent', 'claude-code', '--transport', 'stdio', '--no-skill', '--no-docs');
    expect(installed.code, installed.stderr).toBe(0);
    const listed = await h.inHome(clis.claude, ['mcp', 'list']);
    expect(listed.stdout).not.toContain('warden-docs');
    const bridge = toPattern(`warden: ${warden} mcp --base-url ${system.baseUrl}`);
    expect(listed.stdout).toMatch(new RegExp(`${bridge} - [✓✔] Connected`));
  }, 60_000);

  it('Codex: `codex mcp list --json` shows Warden as streamable HTTP at this install, the other server and every comment kept', async () => {
    const config = '# my settings\nmodel = "o3" # the model\n\n[mcp_servers.other]\n# a server of mine\ncommand = "true"\nargs = []\n';
    const h = homeWith({ '.codex/config.toml': config });
    const installed = await h.warden('install', '--agent', 'codex');
    expect(installed.code, installed.stderr).toBe(0);
    const listed = await h.inHome(clis.codex, ['mcp', 'list', '--json']);
    const servers = JSON.parse(listed.stdout) as { name: string; transport: Record<string, unknown> }[];
    expect(servers.find((s) => s.name === 'warden')?.transport).toMatchObject({ type: 'streamable_http', url: endpoint() });
    expect(servers.find((s) => s.name === 'other')?.transport).toMatchObject({ type: 'stdio', command: 'true', args: [] });
    expect(h.read('.codex/config.toml').split('\n')).toEqual(expect.arrayContaining(config.split('\n')));
    expect(h.read('.agents/skills/warden/SKILL.md')).toBe(servedSkill);

    const status = await h.warden('status', '--agent', 'codex');
    expect(status.stdout).toContain(`Codex: ${join(h.home.home, '.codex/config.toml')}: warden is current: http ${endpoint()}`);
    expect(status.stdout).toMatch(/skill .*SKILL\.md: current \(sha256:/);
    const removed = await h.warden('uninstall', '--agent', 'codex');
    expect(removed.code, removed.stderr).toBe(0);
    expect(h.read('.codex/config.toml')).toBe(config);
    const after = JSON.parse((await h.inHome(clis.codex, ['mcp', 'list', '--json'])).stdout) as { name: string }[];
    expect(after.map((s) => s.name)).toEqual(['other']);
  }, 60_000);

  it('Gemini CLI: `gemini mcp list` connects to Warden over HTTP; the settings keep their comments', async () => {
    const settings = '{\n  // mine\n  "mcpServers": {\n    "other": { "command": "true" }\n  }\n}\n';
    const h = homeWith({ '.gemini/settings.json': settings });
    // The agent's own rule: servers run only in a folder the user trusts (here the HOME the commands run in).
    writeFileSync(join(h.home.home, '.gemini/trustedFolders.json'), JSON.stringify({ [process.cwd()]: 'TRUST_FOLDER' }));
    const installed = await h.warden('install', '--agent', 'gemini');
    expect(installed.code, installed.stderr).toBe(0);
    expect(h.read('.gemini/settings.json')).toContain('// mine');
    // Gemini CLI lists on standard error.
    const listed = await h.inHome(clis.gemini, ['mcp', 'list']);
    expect(listed.stderr).toMatch(new RegExp(`✓ warden: ${endpoint()} \\(http\\) - Connected`));
    expect(listed.stderr).toMatch(/other: true {2}\(stdio\)/);
  }, 60_000);

  it('opencode: `opencode mcp list` shows Warden as a remote server at this install, and the other one', async () => {
    const config =
      '{\n  // mine\n  "$schema": "https://opencode.ai/config.json",\n  "mcp": {\n    "other": { "type": "local", "command": ["true"] }\n  }\n}\n';
    const h = homeWith({ '.config/opencode/opencode.json': config });
    const installed = await h.warden('install', '--agent', 'opencode');
    expect(installed.code, installed.stderr).toBe(0);
    const listed = await h.inHome(clis.opencode, ['mcp', 'list']);
    // Its list is drawn for a terminal: colours and box lines around each server's name, state and address.
    const text = stripVTControlCharacters(listed.stdout + listed.stderr);
    expect(text).toMatch(new RegExp(`✓ warden connected\\s*\\n│\\s*${endpoint()}`));
    expect(text).toMatch(/other failed[\s\S]*│\s*true/);
  }, 60_000);
});

describe('the docs MCP server beside Warden', () => {
  it("after install on a clean home, each agent's own CLI lists warden-docs at this install's /mcp/docs and connects to it", async () => {
    // Gemini CLI runs servers only in a folder the user trusts (here the folder the commands run in).
    const h = homeWith({ '.gemini/trustedFolders.json': JSON.stringify({ [process.cwd()]: 'TRUST_FOLDER' }) });
    const agents = ['claude-code', 'codex', 'gemini', 'opencode'];
    const installed = await h.warden('install', '--no-skill', ...agents.flatMap((agent) => ['--agent', agent]));
    expect(installed.code, installed.stderr).toBe(0);
    expect(installed.stdout.match(/^ {2}warden-docs .*$/gm)).toEqual(agents.map(() => `  warden-docs (http ${docsEndpoint()}) added`));
    const [claude, codex, codexServers, gemini, opencode] = await Promise.all([
      h.inHome(clis.claude, ['mcp', 'list']),
      h.inHome(clis.codex, ['mcp', 'list']),
      listCodexServers(clis.codex, h.env),
      h.inHome(clis.gemini, ['mcp', 'list']),
      h.inHome(clis.opencode, ['mcp', 'list']),
    ]);
    const url = toPattern(docsEndpoint());
    expect(claude.stdout).toMatch(new RegExp(`^warden-docs: ${url} \\(HTTP\\) - [✓✔] Connected$`, 'm'));
    // Codex's list reads its file and connects to nothing; its app server connects, and reports who answered and with what.
    expect(codex.stdout).toMatch(new RegExp(`^warden-docs +${url} +- +enabled +`, 'm'));
    const docs = codexServers.find((s) => s.name === 'warden-docs');
    const { docs_server } = TEST_SITE.mcp;
    expect(docs?.serverInfo).toMatchObject({ name: docs_server.server_name, title: docs_server.title });
    expect(Object.keys(docs?.tools ?? {})).toEqual(expect.arrayContaining(['search_docs', 'read_docs_page', 'submit_feedback']));
    expect(gemini.stderr).toMatch(new RegExp(`^✓ warden-docs: ${url} \\(http\\) - Connected$`, 'm'));
    expect(stripVTControlCharacters(opencode.stdout)).toMatch(new RegExp(`✓ warden-docs connected\\s*\\n│\\s*${url}\\n`));

    const status = await h.warden('status', '--agent', 'opencode');
    expect(status.stdout).toContain(`\n  warden-docs is current: http ${docsEndpoint()}\n`);
  }, 60_000);
});

describe('every agent at once, on files with comments and other servers in them', () => {
  // One file per agent as a person keeps it (the agents without a CLI are checked against their documented format in
  // test/unit/cli/core/agents/agent-table.test.ts); Cursor's does not parse.
  const FILES = {
    '.claude.json': '{\n  "mcpServers": {\n    "other": { "type": "stdio", "command": "true" }\n  }\n}\n',
    '.config/Claude/claude_desktop_config.json': '{\n  "mcpServers": {}\n}\n',
    '.cursor/mcp.json': '{\n  "mcpServers": {\n    "other": { "url": "https://other.example/mcp" }\n',
    '.config/Code/User/mcp.json': '// VS Code\n{\n\t"servers": {\n\t\t"other": { "type": "stdio", "command": "true" }, // mine\n\t},\n}\n',
    '.codex/config.toml': '# mine\n[mcp_servers.other]\ncommand = "true"\n',
    '.gemini/settings.json': '{ "theme": "Default", "mcpServers": { "other": { "command": "true" } } }\n',
    '.codeium/windsurf/mcp_config.json': '{\n  "mcpServers": {\n    "other": { "serverUrl": "https://other.example/mcp" }\n  }\n}\n',
    '.config/opencode/opencode.json': '{\n  // mine\n  "mcp": {}\n}\n',
    '.config/zed/settings.json':
      '// Zed settings\n{\n  "theme": "One Dark", // mine\n  "context_servers": {\n    "other": { "command": "true", "args": [] }\n  }\n}\n',
  };

  it('--dry-run writes nothing; install writes every other agent and names the file that does not parse; uninstall gives every file back', async () => {
    const h = homeWith(FILES);
    const unchanged = () => Object.entries(FILES).every(([path, text]) => h.read(path) === text);
    const dry = await h.warden('install', '--dry-run');
    expect(dry.stdout).toContain(`+++ ${join(h.home.home, '.config/zed/settings.json')}`);
    expect(dry.stdout).toContain(`+    "warden-docs": {\n+      "url": "${docsEndpoint()}"\n+    }`);
    expect(dry.stderr).toContain('nothing was written');
    expect(unchanged()).toBe(true);

    const installed = await h.warden('install');
    expect(installed.code).toBe(1);
    expect(installed.stderr).toContain(`warden: error: Cursor: ${join(h.home.home, '.cursor/mcp.json')}:4:1:`);
    expect(h.read('.cursor/mcp.json')).toBe(FILES['.cursor/mcp.json']);
    expect(installed.stdout).toContain(
      `Claude Desktop: ${join(h.home.home, '.config/Claude/claude_desktop_config.json')}: warden (stdio ${warden} mcp --base-url ${system.baseUrl}) added`,
    );
    const vscode = h.read('.config/Code/User/mcp.json');
    expect(vscode).toContain('// VS Code\n{\n\t"servers": {\n\t\t"other": { "type": "stdio", "command": "true" },');
    expect(vscode).toContain(`\t\t"warden": {\n\t\t\t"type": "http",\n\t\t\t"url": "${endpoint()}"\n\t\t}`);
    expect(h.read('.config/zed/settings.json')).toContain('"theme": "One Dark", // mine');
    // Claude Desktop's file takes local servers only: the docs server is left out of it, with what to do instead.
    expect(installed.stdout).toContain(
      `\n  warden-docs: cannot use http from its file: add ${docsEndpoint()} in the app as a custom connector\n`,
    );

    const status = await h.warden('status');
    expect(status.stdout.match(/warden is current/g)).toHaveLength(8);
    expect(status.stdout.match(/warden-docs is current/g)).toHaveLength(7);
    expect(status.stdout).toMatch(/Cursor: .*cannot read it: .*mcp\.json:4:1:/);
    expect((await h.warden('install')).stdout).not.toMatch(/ added| updated/);

    const removed = await h.warden('uninstall');
    expect(removed.stderr).toContain('Cursor');
    expect(unchanged()).toBe(true);
    for (const dir of ['.claude/skills', '.agents/skills', '.codeium/windsurf/skills'])
      expect(() => h.read(join(dir, 'warden/SKILL.md'))).toThrow(/ENOENT/);
  }, 60_000);

  it('writes the skill where the skills CLI (npm) installs it for the same agents', async () => {
    const ours = homeWith({});
    const installed = await ours.warden('install', '--agent', 'claude-code', '--agent', 'windsurf', '--agent', 'codex', '--agent', 'zed');
    expect(installed.code, installed.stderr).toBe(0);
    const theirs = homeWith({});
    const skillsCli = await theirs.inHome('npx', [
      '--no',
      '--prefix',
      process.cwd(),
      'skills',
      'add',
      system.baseUrl,
      '-g',
      '-y',
      '--agent',
      'claude-code',
      'windsurf',
      'codex',
      'zed',
    ]);
    expect(skillsCli.code, skillsCli.stdout + skillsCli.stderr).toBe(0);
    for (const dir of ['.claude/skills', '.agents/skills', '.codeium/windsurf/skills']) {
      const path = join(dir, 'warden/SKILL.md');
      expect(theirs.read(path), path).toBe(servedSkill);
      expect(ours.read(path), path).toBe(servedSkill);
    }
  }, 90_000);
});
