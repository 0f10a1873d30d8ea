import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConformanceTester } from 'lighthouse/third-party/ard/ard.js';
import { describe, expect, it } from 'vitest';
import { AGENT_SKILL_MD_TYPE, MCP_SERVER_CARD_TYPE, type AiCatalog } from '../../documents/to-ai-catalog.ts';
import { PATHS, toSkillPath } from '../../facts/paths.ts';
import { BASE_URL, DIST } from '../helpers/built-site.ts';

const read = (path: string) => readFileSync(join(DIST, path), 'utf8');
const text = read(PATHS.aiCatalog);
const catalog = JSON.parse(text) as AiCatalog;

describe('/.well-known/ai-catalog.json', () => {
  it("passes Lighthouse's ARD conformance tester (its JSON Schema and semantic checks) with no error and no warning", () => {
    const tester = new ConformanceTester();
    const valid = tester.validate_manifest(text, PATHS.aiCatalog);
    expect(tester.errors).toEqual([]);
    expect(tester.warnings).toEqual([]);
    expect(valid).toBe(true);
  });

  it('names the MCP server by its card and endpoint, and the Agent Skill by the SKILL.md the build serves', () => {
    const mcp = catalog.entries.find((e) => e.url === `${BASE_URL}${PATHS.mcpServerCard}`)!;
    expect(mcp.url).toBe(`${BASE_URL}${PATHS.mcpServerCard}`);
    const card = JSON.parse(read(PATHS.mcpServerCard)) as { remotes: { url: string }[]; version: string };
    expect(card.remotes.map((r) => r.url)).toContain(mcp.metadata.endpoint);
    expect(mcp.version).toBe(card.version);
    const tools = JSON.parse(read(PATHS.toolsJson)) as { tools: { name: string }[] };
    expect(mcp.capabilities).toEqual(tools.tools.map((t) => t.name));
    expect(mcp.metadata.openapi).toBe(`${BASE_URL}${PATHS.openapi}`);

    const skills = JSON.parse(read(PATHS.agentSkillsIndex)) as { skills: { name: string; description: string; digest: string }[] };
    const entries = catalog.entries.filter((e) => e.type === AGENT_SKILL_MD_TYPE);
    expect(entries.map((e) => e.url)).toEqual(skills.skills.map((s) => `${BASE_URL}${toSkillPath(s.name)}`));
    for (const [i, skill] of skills.skills.entries()) {
      expect(entries[i]!.metadata.digest).toBe(skill.digest);
      expect(entries[i]!.description).toBe(skill.description);
    }
    expect(catalog.host.documentationUrl).toBe(`${BASE_URL}${PATHS.llms}`);
  });

  it("names the docs MCP server by its own card and endpoint, its two tools and no other entry's identifier", () => {
    const servers = catalog.entries.filter((e) => e.type === MCP_SERVER_CARD_TYPE);
    expect(servers.map((e) => e.url)).toEqual([`${BASE_URL}${PATHS.mcpServerCard}`, `${BASE_URL}${PATHS.mcpDocsServerCard}`]);
    const docs = servers[1]!;
    const card = JSON.parse(read(PATHS.mcpDocsServerCard)) as { name: string; version: string; remotes: { url: string }[] };
    expect(docs.metadata.endpoint).toBe(`${BASE_URL}${PATHS.mcpDocs}`);
    expect(card.remotes.map((r) => r.url)).toEqual([docs.metadata.endpoint]);
    expect(docs.version).toBe(card.version);
    expect(docs.identifier).toBe(`urn:air:${new URL(BASE_URL).hostname}:mcp:${card.name.split('/')[1]}`);
    expect(new Set(catalog.entries.map((e) => e.identifier)).size).toBe(catalog.entries.length);
    expect([...docs.capabilities].sort()).toEqual(['read_docs_page', 'search_docs']);
  });

  it('is found the ways ARD names: Agentmap in robots.txt, the API catalog, llms.txt and the ai-catalog link of every page', () => {
    const url = `${BASE_URL}${PATHS.aiCatalog}`;
    expect(read(PATHS.robots)).toContain(`\nAgentmap: ${url}\n`);
    expect(read(PATHS.apiCatalog)).toContain(`"href": "${url}"`);
    expect(read(PATHS.llms)).toContain(url);
    expect(read('/docs/overview.html')).toContain(`<link rel="ai-catalog" type="application/json" href="${PATHS.aiCatalog}">`);
  });
});
