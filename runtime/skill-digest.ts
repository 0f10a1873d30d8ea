import { toSha256Hex } from './release/sha256-sums.ts';

/**
 * An Agent Skill's digest, `sha256:<hex>` of its SKILL.md's UTF-8 bytes (Agent Skills Discovery 0.2.0, Integrity and
 * Verification): made here for the index the build publishes, checked here by the CLI that installs the skill.
 */
export function toSkillDigest(text: string): string {
  return `sha256:${toSha256Hex(text)}`;
}

/** Whether `digest` is the digest of `text`, as an index entry gives it (lower-case hex, as toSkillDigest writes it). */
export function isSkillDigest(text: string, digest: string): boolean {
  return toSkillDigest(text) === digest;
}
