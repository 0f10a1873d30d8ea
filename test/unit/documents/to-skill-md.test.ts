import { createHash } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { readContent } from '../../../content-model/read-content.ts';
import { toSkillMd } from '../../../documents/to-skill-md.ts';
import { AGENT_SKILLS_DISCOVERY_SCHEMA, toAgentSkillsIndex } from '../../../documents/to-agent-skills-index.ts';

const content = readContent(undefined, {});
const skill = content.skills[0]!;
const frontMatterOf = (md: string) => parseYaml(/^---\n([\s\S]*?)\n---\n/.exec(md)![1]!) as Record<string, unknown>;

describe('toSkillMd', () => {
  const md = toSkillMd(content, skill);

  it('opens with agentskills.io front matter: the name (letters, digits, single hyphens, ≤ 64) and the description (≤ 1024)', () => {
    const front = frontMatterOf(md);
    expect(front).toEqual({ name: skill.name, description: skill.description.replace(/\s+/g, ' ').trim() });
    expect(front.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(String(front.name).length).toBeLessThanOrEqual(64);
    expect(String(front.description).length).toBeLessThanOrEqual(1024);
  });

  it('names every tool, with its scope and each argument, and every error code of errors.yaml', () => {
    for (const tool of content.tools) {
      expect(md).toContain(`### \`${tool.name}\`: ${tool.title}`);
      const section = md.slice(md.indexOf(`### \`${tool.name}\``)).split('\n### ')[0]!;
      expect(section, tool.name).toContain(`Scope \`${tool.scope}\``);
      for (const arg of Object.keys((tool.inputSchema.properties ?? {}) as object))
        expect(section, `${tool.name} ${arg}`).toContain(`- \`${arg}\` (`);
    }
    for (const e of content.errors.jsonrpc) expect(md).toMatch(new RegExp(`^\\| \`${e.code}\` \\| ${e.http_status} \\|`, 'm'));
    for (const p of content.errors.problems) expect(md).toMatch(new RegExp(`^\\| \`${p.code}\` \\| ${p.status} \\|`, 'm'));
  });

  it('names the docs MCP server among the addresses, with its tools, as needing no credential, and how to add it', () => {
    expect(md).toMatch(
      /^\| `https:\/\/warden\.example\/mcp\/docs` \| Streamable HTTP \| The docs MCP server, a server of its own: `read_docs_page` and `search_docs`, and every docs page as a resource\. No method needs a credential\. \|$/m,
    );
    expect(md).toContain('`claude mcp add --transport http warden-docs https://warden.example/mcp/docs`');
  });

  it("teaches installing, connecting and signing in with this build's addresses", () => {
    expect(md).toContain('curl -fsSL https://warden.example/install | sh');
    expect(md).toContain('irm https://warden.example/install.ps1 | iex');
    expect(md).toContain('claude mcp add --transport http warden https://warden.example/mcp');
    expect(md).toContain('claude mcp add warden -- warden mcp');
    // One command for every agent comes first.
    expect(md.indexOf('warden mcp install')).toBeLessThan(md.indexOf('claude mcp add'));
    for (const command of ['warden login', 'warden admin register --code <REGISTRATION_CODE>']) expect(md).toContain(command);
    for (const scope of content.site.scopes) expect(md).toContain(`\`${scope.name}\``);
    const other = readContent(undefined, { BASE_URL: 'https://docs.example.org', APP_URL: 'https://tools.example.org' });
    const elsewhere = toSkillMd(other, other.skills[0]!);
    expect(elsewhere).toContain('curl -fsSL https://docs.example.org/install | sh');
    expect(elsewhere).toContain('`https://tools.example.org/mcp`');
    expect(elsewhere).not.toMatch(/https:\/\/(app\.)?warden\.example\b/);
  });

  it('follows the content: a tool or an error added there is in the skill', () => {
    const extraTool = { ...content.tools[0]!, name: 'zz_new_tool', title: 'A new tool' };
    const extraError = { ...content.errors.jsonrpc[0]!, code: -31999, message: 'Something new' };
    const changed = {
      ...content,
      tools: [...content.tools, extraTool],
      errors: { ...content.errors, jsonrpc: [...content.errors.jsonrpc, extraError] },
    };
    const text = toSkillMd(changed, skill);
    expect(text).toContain('### `zz_new_tool`: A new tool');
    expect(text).toContain('| `-31999` |');
  });
});

describe('toAgentSkillsIndex', () => {
  it('lists each skill as one skill-md entry of discovery schema 0.2.0, its digest that of the SKILL.md bytes', () => {
    const index = toAgentSkillsIndex(content);
    expect(index.$schema).toBe(AGENT_SKILLS_DISCOVERY_SCHEMA);
    const md = toSkillMd(content, skill);
    expect(index.skills).toEqual([
      {
        name: skill.name,
        type: 'skill-md',
        description: frontMatterOf(md).description,
        url: `/.well-known/agent-skills/${skill.name}/SKILL.md`,
        digest: `sha256:${createHash('sha256').update(Buffer.from(md, 'utf8')).digest('hex')}`,
      },
    ]);
  });
});
