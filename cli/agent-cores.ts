/**
 * What `warden mcp install|status|uninstall` run, behind a door of their own (load-agent-cores.ts): the file-format
 * libraries (jsonc-parser, toml-patch, diff) load only for these commands, never for `--version` or the stdio bridge.
 */
export { fetchSkill, fetchSkillDigest } from './core/agents/skill-file.ts';
export { installAgents, statusAgents, uninstallAgents } from './core/agents/run-agents.ts';
