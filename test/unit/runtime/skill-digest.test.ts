import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getContentDir, readContent } from '../../../content-model/read-content.ts';
import { toAgentSkillsIndex } from '../../../documents/to-agent-skills-index.ts';
import { toSkillMd } from '../../../documents/to-skill-md.ts';
import { isSkillDigest, toSkillDigest } from '../../../runtime/skill-digest.ts';

const text = '---\nname: warden\n---\n# Wärden ✓\n';

describe('the Agent Skill digest', () => {
  it('is sha256: and the lower-case hex SHA-256 of the UTF-8 bytes (Agent Skills Discovery 0.2.0)', () => {
    expect(toSkillDigest(text)).toBe(`sha256:${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex')}`);
    expect(toSkillDigest(text)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('checks a text against a digest: its own passes; another text, another algorithm or upper-case hex does not', () => {
    const digest = toSkillDigest(text);
    expect(isSkillDigest(text, digest)).toBe(true);
    expect(isSkillDigest(`${text} `, digest)).toBe(false);
    expect(isSkillDigest(text, digest.replace('sha256:', 'sha512:'))).toBe(false);
    expect(isSkillDigest(text, `sha256:${digest.slice(7).toUpperCase()}`)).toBe(false);
  });

  it('the index the build publishes passes the check the CLI makes, skill by skill', () => {
    const content = readContent(getContentDir(), {});
    const index = toAgentSkillsIndex(content);
    expect(index.skills.length).toBe(content.skills.length);
    for (const skill of content.skills) {
      const entry = index.skills.find((s) => s.name === skill.name)!;
      expect(isSkillDigest(toSkillMd(content, skill), entry.digest), skill.name).toBe(true);
    }
  });
});
