import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../../facts/paths.ts';
import { validateWith } from '../helpers/ajv.ts';
import { BASE_URL, readOtherOrigins, readTestContent } from '../helpers/built-site.ts';
import { readBuilt, readBuiltJson, toDistFile } from '../helpers/dist-files.ts';
import { AGENT_SKILLS_INDEX_SCHEMA } from '../helpers/published-schemas.ts';

interface Entry {
  name: string;
  type: string;
  description: string;
  url: string;
  digest: string;
}
const index = readBuiltJson<{ $schema: string; skills: Entry[] }>(PATHS.agentSkillsIndex);
// RFC 3986 §5 against the index's own address, as clients resolve it.
const pathOf = (entry: Entry) => new URL(entry.url, `${BASE_URL}${PATHS.agentSkillsIndex}`).pathname;

describe('/.well-known/agent-skills/index.json (Agent Skills Discovery 0.2.0)', () => {
  it('is a 0.2.0 index with one skill-md entry per skill of the content', async () => {
    expect(validateWith(AGENT_SKILLS_INDEX_SCHEMA, index)).toEqual([]);
    expect(index.skills.map((s) => [s.name, s.type])).toEqual((await readTestContent()).skills.map((s) => [s.name, 'skill-md']));
  });

  it.each(index.skills.map((s) => [s.name, s] as const))(
    '%s: the url names a built SKILL.md whose SHA-256 is the digest, and whose front matter names the skill',
    (name, entry) => {
      const file = toDistFile(pathOf(entry));
      expect(file, entry.url).toBeDefined();
      expect(pathOf(entry)).toBe(`/.well-known/agent-skills/${name}/SKILL.md`);
      const bytes = readFileSync(file!);
      expect(`sha256:${createHash('sha256').update(bytes).digest('hex')}`).toBe(entry.digest);
      const front = parseYaml(/^---\n([\s\S]*?)\n---\n/.exec(bytes.toString('utf8'))![1]!) as Record<string, unknown>;
      // The name is the folder it is installed into (agentskills.io: it must match the directory name).
      expect(front).toEqual({ name, description: entry.description });
    },
  );
});

describe('SKILL.md stays in step with the content', () => {
  const md = readBuilt('/.well-known/agent-skills/warden/SKILL.md');

  it("names every tool and every error code, in the build's addresses", async () => {
    const content = await readTestContent();
    for (const tool of content.tools) expect(md, tool.name).toContain(`### \`${tool.name}\``);
    for (const e of content.errors.jsonrpc) expect(md, String(e.code)).toContain(`| \`${e.code}\` | ${e.http_status} |`);
    for (const p of content.errors.problems) expect(md, p.code).toContain(`| \`${p.code}\` | ${p.status} |`);
    for (const address of [`${BASE_URL}/mcp`, `${BASE_URL}/install`, `${content.site.app_url}/mcp`, `${BASE_URL}${PATHS.toolsJson}`])
      expect(md).toContain(address);
  });

  it('links only addresses this build serves, or the hosted and release origins', async () => {
    const others = await readOtherOrigins();
    const links = [...md.matchAll(/https?:\/\/[^\s)`"|]+/g)].map((m) => m[0].replace(/[.,;:]$/, ''));
    for (const url of links) {
      if (!url.startsWith(BASE_URL)) {
        expect(others, url).toContain(new URL(url).origin);
        continue;
      }
      const path = new URL(url).pathname;
      // The endpoints answered by the edge, not by a file.
      if (([PATHS.mcp, PATHS.mcpWellKnown, PATHS.mcpDocs, PATHS.search] as string[]).includes(path)) continue;
      expect(toDistFile(path), url).toBeDefined();
    }
  });
});
