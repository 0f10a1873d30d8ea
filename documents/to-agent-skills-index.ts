import type { Content } from '../content-model/read-content.ts';
import { toSkillPath } from '../facts/paths.ts';
import { toSkillDigest } from '../runtime/skill-digest.ts';
import { toSkillDescription, toSkillMd } from './to-skill-md.ts';

/** The `$schema` that names the index format; clients match it as an opaque identifier (Agent Skills Discovery 0.2.0, Versioning). */
export const AGENT_SKILLS_DISCOVERY_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

/** One entry of the index: a single SKILL.md. */
export interface AgentSkillEntry {
  name: string;
  type: 'skill-md';
  description: string;
  url: string;
  digest: string;
}

/**
 * The Agent Skills discovery index (/.well-known/agent-skills/index.json): one `skill-md` entry per skill, whose digest
 * is of the very SKILL.md the build serves. `url` is path-absolute, resolved against the index's own address (RFC 3986
 * §5, as the discovery format's URL Resolution says), so the index names the skill wherever the site is served.
 */
export function toAgentSkillsIndex(content: Content): { $schema: string; skills: AgentSkillEntry[] } {
  return {
    $schema: AGENT_SKILLS_DISCOVERY_SCHEMA,
    skills: content.skills.map((skill) => ({
      name: skill.name,
      type: 'skill-md',
      description: toSkillDescription(skill),
      url: toSkillPath(skill.name),
      digest: toSkillDigest(toSkillMd(content, skill)),
    })),
  };
}
